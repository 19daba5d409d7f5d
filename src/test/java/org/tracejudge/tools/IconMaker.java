package org.tracejudge.tools;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * Draws the Tracejudge icon (a tool-return card beside an answer card, joined by a check mark) and
 * writes every size the three platforms want: PNGs for Linux, an .ico for Windows and an .icns for
 * macOS (both containers of PNGs). Run: {@code IconMaker installers/icons}.
 */
public final class IconMaker {
    private IconMaker() {}

    static BufferedImage draw(int size) {
        BufferedImage img = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        double s = size / 64.0;
        g.scale(s, s);
        // background: a rounded square, deep teal
        g.setPaint(new GradientPaint(0, 0, new Color(0x13, 0x5E, 0x6E), 0, 64, new Color(0x0B, 0x3A, 0x48)));
        g.fill(new RoundRectangle2D.Double(2, 2, 60, 60, 14, 14));
        // two cards: the tool return (left, pale) and the answer (right, white)
        g.setColor(new Color(0xCF, 0xE8, 0xEC));
        g.fill(new RoundRectangle2D.Double(9, 13, 21, 30, 4, 4));
        g.setColor(Color.WHITE);
        g.fill(new RoundRectangle2D.Double(34, 13, 21, 30, 4, 4));
        if (size >= 32) {
            // lines of text; the matching values highlighted in amber on both cards
            g.setColor(new Color(0x5C, 0x8A, 0x94));
            for (int i = 0; i < 4; i++) {
                g.fill(new RoundRectangle2D.Double(12, 17 + i * 6, i == 3 ? 10 : 15, 2.4, 2, 2));
                g.fill(new RoundRectangle2D.Double(37, 17 + i * 6, i == 3 ? 9 : 15, 2.4, 2, 2));
            }
            g.setColor(new Color(0xF2, 0xA9, 0x00));
            g.fill(new RoundRectangle2D.Double(12, 23, 9, 2.4, 2, 2));
            g.fill(new RoundRectangle2D.Double(41, 23, 9, 2.4, 2, 2));
        }
        // the verdict: an amber check mark across the bottom
        Path2D check = new Path2D.Double();
        check.moveTo(20, 46);
        check.lineTo(28, 54);
        check.lineTo(45, 37);
        g.setColor(new Color(0x0B, 0x3A, 0x48));
        g.setStroke(new BasicStroke(9.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(check);
        g.setColor(new Color(0xF2, 0xA9, 0x00));
        g.setStroke(new BasicStroke(5.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(check);
        g.dispose();
        return img;
    }

    static byte[] png(BufferedImage img) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(img, "png", out);
        return out.toByteArray();
    }

    /** Windows .ico with PNG-compressed entries (Vista and later read these). */
    static void writeIco(Path file, List<Integer> sizes) throws IOException {
        List<byte[]> images = new java.util.ArrayList<>();
        for (int size : sizes) {
            images.add(png(draw(size)));
        }
        try (OutputStream os = Files.newOutputStream(file)) {
            ByteArrayOutputStream header = new ByteArrayOutputStream();
            writeLe16(header, 0);
            writeLe16(header, 1); // icon
            writeLe16(header, sizes.size());
            int offset = 6 + 16 * sizes.size();
            for (int i = 0; i < sizes.size(); i++) {
                int size = sizes.get(i);
                header.write(size >= 256 ? 0 : size);
                header.write(size >= 256 ? 0 : size);
                header.write(0); // no palette
                header.write(0);
                writeLe16(header, 1); // planes
                writeLe16(header, 32); // bits per pixel
                writeLe32(header, images.get(i).length);
                writeLe32(header, offset);
                offset += images.get(i).length;
            }
            os.write(header.toByteArray());
            for (byte[] b : images) {
                os.write(b);
            }
        }
    }

    /** macOS .icns: big-endian chunks of PNG data under their OSType codes. */
    static void writeIcns(Path file) throws IOException {
        Map<String, Integer> types = new LinkedHashMap<>();
        types.put("icp4", 16);
        types.put("icp5", 32);
        types.put("icp6", 64);
        types.put("ic07", 128);
        types.put("ic08", 256);
        types.put("ic09", 512);
        types.put("ic10", 1024);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(body);
        for (Map.Entry<String, Integer> e : types.entrySet()) {
            byte[] png = png(draw(e.getValue()));
            d.writeBytes(e.getKey());
            d.writeInt(8 + png.length);
            d.write(png);
        }
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(file))) {
            out.writeBytes("icns");
            out.writeInt(8 + body.size());
            out.write(body.toByteArray());
        }
    }

    private static void writeLe16(ByteArrayOutputStream o, int v) {
        o.write(v & 0xff);
        o.write((v >>> 8) & 0xff);
    }

    private static void writeLe32(ByteArrayOutputStream o, int v) {
        writeLe16(o, v & 0xffff);
        writeLe16(o, v >>> 16);
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "installers/icons");
        Files.createDirectories(dir);
        for (int size : List.of(16, 24, 32, 48, 64, 128, 256, 512, 1024)) {
            ImageIO.write(
                    draw(size),
                    "png",
                    dir.resolve("tracejudge-" + size + ".png").toFile());
        }
        Files.copy(
                dir.resolve("tracejudge-256.png"),
                dir.resolve("tracejudge.png"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        writeIco(dir.resolve("tracejudge.ico"), List.of(16, 24, 32, 48, 64, 128, 256));
        writeIcns(dir.resolve("tracejudge.icns"));
    }
}
