package org.tracejudge.ui.metrics;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.ScatterChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Tooltip;
import javafx.scene.shape.Circle;
import javafx.scene.text.Text;
import org.tracejudge.metrics.LabelPlacement;

/**
 * The metrics dashboard's failure profile: a scatter chart of the models' points with their names placed clear of
 * each other and, for the corrected source, the arrows from judge-only to corrected laid out with them.
 */
final class ProfileChart extends ScatterChart<Number, Number> {
    private final NumberAxis x;
    private final NumberAxis y;
    private final List<Arrow> arrows = new java.util.ArrayList<>();

    ProfileChart(NumberAxis x, NumberAxis y) {
        super(x, y);
        this.x = x;
        this.y = y;
    }

    void arrows(List<Arrow> now) {
        getPlotChildren().removeAll(arrows.stream().map(Arrow::node).toList());
        arrows.clear();
        arrows.addAll(now);
        // under the points: each dot sits on its arrow's head
        getPlotChildren().addAll(0, now.stream().map(Arrow::node).toList());
        requestChartLayout();
    }

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        for (Arrow a : arrows) {
            a.place(x, y);
        }
        placeNames();
    }

    /** The models' names and their leader lines, placed by {@link LabelPlacement} at every layout. */
    private final List<Text> names = new java.util.ArrayList<>();

    private final List<javafx.scene.shape.Line> leaders = new java.util.ArrayList<>();

    /** The names on show, in the points' order (for tests). */
    List<Text> names() {
        return List.copyOf(names);
    }

    /**
     * Draws the points of one series, each a dot with its model's name: every model labelled, no two names over
     * each other or over a dot (the chart's plot area decides where they go, see {@link #layoutPlotChildren()}).
     */
    void points(List<MetricsViewModel.Point> pts) {
        getPlotChildren().removeAll(names);
        getPlotChildren().removeAll(leaders);
        names.clear();
        leaders.clear();
        XYChart.Series<Number, Number> series = new XYChart.Series<>();
        for (MetricsViewModel.Point pt : pts) {
            XYChart.Data<Number, Number> d = new XYChart.Data<>(pt.x(), pt.y());
            d.setNode(point(pt));
            series.getData().add(d);
            Text name = new Text(pt.model());
            name.getStyleClass().add("profile-label");
            name.setTextOrigin(javafx.geometry.VPos.TOP);
            name.setManaged(false);
            names.add(name);
            javafx.scene.shape.Line leader = new javafx.scene.shape.Line();
            leader.setManaged(false);
            leader.getStyleClass().add("profile-leader");
            leader.setVisible(false);
            leaders.add(leader);
        }
        getData().setAll(List.of(series));
        getPlotChildren().addAll(leaders);
        getPlotChildren().addAll(names);
        requestChartLayout();
    }

    /**
     * A dot. The chart centres a point's node on the value by the node's layout bounds, so the node is a 10×10
     * pane; its name is placed apart.
     */
    private static Node point(MetricsViewModel.Point pt) {
        Circle dot = new Circle(5, 5, 5);
        dot.getStyleClass().add("profile-point");
        javafx.scene.layout.Pane p = new javafx.scene.layout.Pane(dot);
        p.setPrefSize(10, 10);
        p.setMinSize(10, 10);
        p.setMaxSize(10, 10);
        Tooltip.install(p, new Tooltip(pt.tooltip()));
        return p;
    }

    /** The space kept around each name, so that no two names touch. */
    private static final double PAD = 1.5;

    /** Places the names clear of each other, of the dots, of the judge-only origins and of the whiskers. */
    private void placeNames() {
        if (getData().isEmpty() || names.isEmpty()) {
            return;
        }
        List<XYChart.Data<Number, Number>> data = getData().get(0).getData();
        List<LabelPlacement.Anchor> anchors = new java.util.ArrayList<>();
        for (int i = 0; i < data.size() && i < names.size(); i++) {
            XYChart.Data<Number, Number> d = data.get(i);
            names.get(i).applyCss(); // measured in the font the stylesheet gives it, not the default one
            javafx.geometry.Bounds b = names.get(i).getLayoutBounds();
            anchors.add(new LabelPlacement.Anchor(
                    x.getDisplayPosition(d.getXValue()),
                    y.getDisplayPosition(d.getYValue()),
                    b.getWidth() + 2 * PAD,
                    b.getHeight() + 2 * PAD));
        }
        List<LabelPlacement.Box> origins = new java.util.ArrayList<>();
        for (Arrow a : arrows) {
            double fx = x.getDisplayPosition(a.pt.fromX());
            double fy = y.getDisplayPosition(a.pt.fromY());
            origins.add(new LabelPlacement.Box(fx - 3, fy - 3, 6, 6));
            // the 95% whiskers: a name written across one is hard to read
            double tx = x.getDisplayPosition(a.pt.x());
            double ty = y.getDisplayPosition(a.pt.y());
            double x0 = x.getDisplayPosition(a.pt.xCi()[0]);
            double x1 = x.getDisplayPosition(a.pt.xCi()[1]);
            double y0 = y.getDisplayPosition(a.pt.yCi()[0]);
            double y1 = y.getDisplayPosition(a.pt.yCi()[1]);
            origins.add(new LabelPlacement.Box(Math.min(x0, x1), ty - 1, Math.abs(x1 - x0), 2));
            origins.add(new LabelPlacement.Box(tx - 1, Math.min(y0, y1), 2, Math.abs(y1 - y0)));
        }
        List<LabelPlacement.Placed> placed = LabelPlacement.place(anchors, 5, x.getWidth(), y.getHeight(), origins);
        for (int i = 0; i < placed.size(); i++) {
            LabelPlacement.Box box = placed.get(i).label();
            Text name = names.get(i);
            name.setX(box.x() + PAD);
            name.setY(box.y() + PAD);
            javafx.scene.shape.Line leader = leaders.get(i);
            leader.setVisible(placed.get(i).leader()); // a name moved off its dot points back to it
            double cx = anchors.get(i).x();
            double cy = anchors.get(i).y();
            double ex = Math.max(box.x(), Math.min(cx, box.x() + box.w()));
            double ey = Math.max(box.y(), Math.min(cy, box.y() + box.h()));
            double len = Math.hypot(ex - cx, ey - cy);
            leader.setStartX(len > 0 ? cx + 5 * (ex - cx) / len : cx);
            leader.setStartY(len > 0 ? cy + 5 * (ey - cy) / len : cy);
            leader.setEndX(ex);
            leader.setEndY(ey);
        }
    }

    /**
     * The corrected profile's mark of one model: an arrow from its judge-only point to its corrected point and the
     * corrected 95% intervals as whiskers across and up, placed in pixels whenever the chart lays out its points.
     */
    static final class Arrow {
        private final MetricsViewModel.Point pt;
        private final javafx.scene.shape.Line shaft = new javafx.scene.shape.Line();
        private final javafx.scene.shape.Line headA = new javafx.scene.shape.Line();
        private final javafx.scene.shape.Line headB = new javafx.scene.shape.Line();
        private final javafx.scene.shape.Line across = new javafx.scene.shape.Line();
        private final javafx.scene.shape.Line up = new javafx.scene.shape.Line();
        private final Circle origin = new Circle(3);
        private final javafx.scene.Group group = new javafx.scene.Group(across, up, shaft, headA, headB, origin);

        Arrow(MetricsViewModel.Point pt) {
            this.pt = pt;
            group.getStyleClass().add("profile-arrow");
            group.setManaged(false);
            group.setMouseTransparent(true);
            for (javafx.scene.shape.Line l : List.of(shaft, headA, headB)) {
                l.getStyleClass().add("profile-arrow-shaft");
            }
            across.getStyleClass().add("profile-interval");
            up.getStyleClass().add("profile-interval");
            origin.getStyleClass().add("profile-origin");
        }

        Node node() {
            return group;
        }

        void place(NumberAxis x, NumberAxis y) {
            double tx = x.getDisplayPosition(pt.x());
            double ty = y.getDisplayPosition(pt.y());
            double fx = x.getDisplayPosition(pt.fromX());
            double fy = y.getDisplayPosition(pt.fromY());
            across.setStartX(x.getDisplayPosition(pt.xCi()[0]));
            across.setEndX(x.getDisplayPosition(pt.xCi()[1]));
            across.setStartY(ty);
            across.setEndY(ty);
            up.setStartX(tx);
            up.setEndX(tx);
            up.setStartY(y.getDisplayPosition(pt.yCi()[0]));
            up.setEndY(y.getDisplayPosition(pt.yCi()[1]));
            origin.setCenterX(fx);
            origin.setCenterY(fy);
            shaft.setStartX(fx);
            shaft.setStartY(fy);
            shaft.setEndX(tx);
            shaft.setEndY(ty);
            double len = Math.hypot(tx - fx, ty - fy);
            boolean visible = len > 6; // no arrow where the correction moved nothing visible
            shaft.setVisible(visible);
            headA.setVisible(visible);
            headB.setVisible(visible);
            if (visible) {
                double ux = (tx - fx) / len;
                double uy = (ty - fy) / len;
                // the head ends at the dot's rim (radius 5), two strokes 8 px long at ±25°
                double ex = tx - 5 * ux;
                double ey = ty - 5 * uy;
                shaft.setEndX(ex);
                shaft.setEndY(ey);
                for (int k = 0; k < 2; k++) {
                    double a = Math.toRadians(k == 0 ? 25 : -25);
                    double bx = -(ux * Math.cos(a) - uy * Math.sin(a));
                    double by = -(ux * Math.sin(a) + uy * Math.cos(a));
                    javafx.scene.shape.Line h = k == 0 ? headA : headB;
                    h.setStartX(ex);
                    h.setStartY(ey);
                    h.setEndX(ex + 8 * bx);
                    h.setEndY(ey + 8 * by);
                }
            }
        }
    }
}
