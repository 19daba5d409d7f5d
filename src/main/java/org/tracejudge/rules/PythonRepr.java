package org.tracejudge.rules;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Stringifies JSON scalars the way Python 3's {@code str()} prints the values {@code json.loads} makes of them:
 * {@code True}/{@code False}/{@code None}, integers as digits, floats via the shortest round-trip repr
 * ({@code 5.0}, {@code 0.1}, {@code 1e-05}, {@code 1e+16}), strings as they are.
 */
public final class PythonRepr {
    private PythonRepr() {}

    /** Python {@code str(v)} of the value {@code json.loads} would produce for this scalar node. */
    public static String str(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return "None";
        }
        if (node.isBoolean()) {
            return node.booleanValue() ? "True" : "False";
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isIntegralNumber()) {
            return node.bigIntegerValue().toString();
        }
        if (node.isNumber()) {
            // Python's json turns every number with a fraction or exponent into a float (a double).
            return floatRepr(node.doubleValue());
        }
        // objects and arrays are never leaves; binary/POJO nodes do not occur in parsed JSON
        return node.toString();
    }

    /** Python's {@code repr(float)}: shortest digits that round-trip, fixed notation for 1e-4 <= |x| < 1e16. */
    public static String floatRepr(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        if (d == 0.0) {
            return (1.0 / d < 0) ? "-0.0" : "0.0";
        }
        BigDecimal exact = new BigDecimal(d);
        BigDecimal shortest = null;
        for (int p = 1; p <= 17; p++) {
            BigDecimal r = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
            if (r.doubleValue() == d) {
                shortest = r;
                break;
            }
        }
        if (shortest == null) {
            shortest = exact.round(new MathContext(17, RoundingMode.HALF_EVEN));
        }
        shortest = shortest.stripTrailingZeros();
        String digits = shortest.unscaledValue().abs().toString();
        int n = digits.length();
        int decpt = n - shortest.scale(); // value = 0.digits * 10^decpt
        StringBuilder sb = new StringBuilder(24);
        if (d < 0) {
            sb.append('-');
        }
        if (decpt <= -4 || decpt > 16) {
            sb.append(digits.charAt(0));
            if (n > 1) {
                sb.append('.').append(digits, 1, n);
            }
            int exp = decpt - 1;
            sb.append('e').append(exp < 0 ? '-' : '+');
            int a = Math.abs(exp);
            if (a < 10) {
                sb.append('0');
            }
            sb.append(a);
        } else if (decpt <= 0) {
            sb.append("0.");
            for (int i = 0; i < -decpt; i++) {
                sb.append('0');
            }
            sb.append(digits);
        } else if (decpt >= n) {
            sb.append(digits);
            for (int i = 0; i < decpt - n; i++) {
                sb.append('0');
            }
            sb.append(".0");
        } else {
            sb.append(digits, 0, decpt).append('.').append(digits, decpt, n);
        }
        return sb.toString();
    }
}
