package org.tracejudge;

/** Entry point: no arguments opens the workbench, otherwise runs the command line. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.out.println("Tracejudge");
    }
}
