package org.tracejudge.ui.receive;

import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.tracejudge.ui.session.Session;

/**
 * File ▸ Receive traces…: where to listen, Start and Stop, what arrived. The state and the receiver are
 * {@link ReceiveViewModel}'s; closing the window stops receiving (what is in flight is written first).
 */
public final class ReceiveWindow {
    private static ReceiveWindow open;

    private final ReceiveViewModel vm;
    private final Stage stage = new Stage();

    private ReceiveWindow(Window owner, Session session) {
        vm = new ReceiveViewModel(session);
        stage.initOwner(owner);
        stage.setTitle("Receive traces");
        TextField listen = new TextField();
        listen.setId("receiveListen");
        listen.textProperty().bindBidirectional(vm.listenProperty());
        listen.setPrefColumnCount(18);
        TextField token = new TextField();
        token.setId("receiveTokenVariable");
        token.setPromptText("e.g. RECEIVE_TOKEN");
        token.textProperty().bindBidirectional(vm.tokenVariableProperty());
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(6);
        Label listenLabel = new Label("Listen on");
        Label tokenLabel = new Label("Token variable");
        for (Label l : java.util.List.of(listenLabel, tokenLabel)) {
            l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        listenLabel.setLabelFor(listen);
        tokenLabel.setLabelFor(token);
        form.addRow(0, listenLabel, listen);
        form.addRow(1, tokenLabel, token);
        Label tokenHelp = new Label("Only for an address other than this computer's: senders then need "
                + "'Authorization: Bearer' with the token that environment variable holds.");
        tokenHelp.setWrapText(true);
        tokenHelp.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        form.add(tokenHelp, 1, 2);
        Button start = new Button("Start");
        start.setId("receiveStart");
        start.setDefaultButton(true);
        start.setOnAction(e -> vm.start());
        Button stop = new Button("Stop");
        stop.setId("receiveStop");
        stop.setOnAction(e -> vm.stop());
        start.disableProperty().bind(vm.runningProperty().or(vm.busyProperty()));
        stop.disableProperty().bind(vm.runningProperty().not().or(vm.busyProperty()));
        listen.disableProperty().bind(vm.runningProperty().or(vm.busyProperty()));
        token.disableProperty().bind(vm.runningProperty().or(vm.busyProperty()));
        Label message = new Label();
        message.setId("receiveMessage");
        message.setWrapText(true);
        message.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        message.textProperty().bind(vm.messageProperty());
        Label counts = new Label();
        counts.setId("receiveCounts");
        counts.textProperty().bind(vm.countsProperty());
        ListView<String> log = new ListView<>(vm.log());
        log.setId("receiveLog");
        log.setPlaceholder(new Label("Runs appear here as they are written into the project."));
        VBox.setVgrow(log, Priority.ALWAYS);
        VBox root = new VBox(10, form, new HBox(8, start, stop), message, counts, log);
        root.setPadding(new Insets(12));
        stage.setScene(new Scene(root, 720, 460));
        stage.setOnHidden(e -> {
            vm.stop();
            open = null;
        });
    }

    /** Shows the window (one per workbench: a second call brings it to the front). */
    public static void show(Window owner, Session session) {
        if (open == null) {
            open = new ReceiveWindow(owner, session);
        }
        open.stage.show();
        open.stage.toFront();
    }
}
