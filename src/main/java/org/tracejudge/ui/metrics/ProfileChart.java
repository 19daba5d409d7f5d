package org.tracejudge.ui.metrics;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.ScatterChart;
import javafx.scene.control.Tooltip;
import javafx.scene.shape.Circle;
import javafx.scene.text.Text;

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
    }

    /**
     * A dot with the model's name beside it. The chart centres a point's node on the value by the node's layout
     * bounds, so the node is a 10×10 pane (the dot) whose label overflows it without counting in its size.
     */
    static Node point(MetricsViewModel.Point pt, List<double[]> placed) {
        String model = pt.model();
        Circle dot = new Circle(5, 5, 5);
        dot.getStyleClass().add("profile-point");
        Text name = new Text(13, 3, model);
        name.getStyleClass().add("profile-label");
        name.setManaged(false);
        boolean left = pt.x() > 70; // keep the name inside the plot: write it to the left of the dot
        if (left) {
            name.setX(-3 - name.getLayoutBounds().getWidth());
        }
        int line = freeLine(pt.x(), pt.y(), name.getLayoutBounds().getWidth(), left, placed);
        name.setY(3 + line * LINE_PX);
        javafx.scene.shape.Line leader = new javafx.scene.shape.Line();
        leader.setManaged(false);
        leader.getStyleClass().add("profile-leader");
        leader.setVisible(line != 0); // a name moved off its dot's line points back to it
        leader.setStartX(5);
        leader.setStartY(5);
        leader.setEndX(left ? -2 : 12);
        leader.setEndY(line * LINE_PX - (line > 0 ? 2 : -2));
        javafx.scene.layout.Pane p = new javafx.scene.layout.Pane(leader, dot, name);
        p.setPrefSize(10, 10);
        p.setMinSize(10, 10);
        p.setMaxSize(10, 10);
        Tooltip.install(p, new Tooltip(pt.tooltip()));
        return p;
    }

    /** A name's line height in the profile, and roughly how many percent of either axis a pixel is. */
    static final double LINE_PX = 13;

    static final double X_PCT_PER_PX = 100 / 520.0;
    static final double Y_PCT_PER_PX = 100 / 300.0;

    /**
     * The line offset (0, 1, -1, 2, -2 … lines below or above its dot) at which a point's name overlaps no name
     * placed before it; the names' boxes are kept in {@code placed} (in axis percent).
     */
    static int freeLine(double x, double y, double widthPx, boolean left, List<double[]> placed) {
        double w = (widthPx + 4) * X_PCT_PER_PX;
        double x0 = left ? x - w - 1 : x + 1.5;
        double h = LINE_PX * Y_PCT_PER_PX;
        for (int k = 0; k < 40; k++) {
            int line = (k + 1) / 2 * (k % 2 == 1 ? 1 : -1);
            double yc = y - line * h; // a line below the dot is lower on the axis
            boolean clear = true;
            for (double[] b : placed) {
                if (x0 < b[0] + b[2] && b[0] < x0 + w && Math.abs(yc - b[1]) < h * 0.95) {
                    clear = false;
                    break;
                }
            }
            if (clear) {
                placed.add(new double[] {x0, yc, w});
                return line;
            }
        }
        return 0;
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
