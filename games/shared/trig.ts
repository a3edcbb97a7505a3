/**
 * Sine, cosine and atan2 for game rules. The engines' Math.sin, cos and atan2 are not specified to the last bit, so
 * a round played in Safari could replay to another score in the Worker (ADR 014). These use only +, -, *, /,
 * Math.round and Math.sqrt, which IEEE 754 rounds exactly, with literal coefficients: the same bits everywhere.
 */

const PI = 3.141592653589793;
const HALF_PI = 1.5707963267948966;
const TAU = 6.283185307179586;

/** sin(x) for |x| ≤ π/2: its Taylor series to x^19, off by less than 1e-15. */
function sinNear(x: number): number {
  const x2 = x * x;
  return (
    x *
    (1 +
      x2 *
        (-1 / 6 +
          x2 *
            (1 / 120 +
              x2 *
                (-1 / 5040 +
                  x2 *
                    (1 / 362880 +
                      x2 *
                        (-1 / 39916800 +
                          x2 *
                            (1 / 6227020800 +
                              x2 *
                                (-1 / 1307674368000 +
                                  x2 *
                                    (1 / 355687428096000 -
                                      x2 / 121645100408832000)))))))))
  );
}

export function sin(x: number): number {
  let r = x - Math.round(x / TAU) * TAU;
  if (r > HALF_PI) r = PI - r;
  else if (r < -HALF_PI) r = -PI - r;
  return sinNear(r);
}

export function cos(x: number): number {
  return sin(x + HALF_PI);
}

/** atan(t) for |t| ≤ 0.2: its series to t^21, off by less than 1e-16. */
function atanNear(t: number): number {
  const t2 = t * t;
  let sum = 0;
  for (let k = 21; k >= 3; k -= 2)
    sum = t2 * ((k % 4 === 1 ? 1 : -1) / k + sum);
  return t * (1 + sum);
}

function atan(t: number): number {
  if (t > 1) return HALF_PI - atan(1 / t);
  if (t < -1) return -HALF_PI - atan(1 / t);
  // Halve the angle twice (tan(a/2) = t / (1 + sqrt(1 + t²))): |t| ≤ 1 becomes |t| ≤ tan(π/16) < 0.2.
  const half = t / (1 + Math.sqrt(1 + t * t));
  return 4 * atanNear(half / (1 + Math.sqrt(1 + half * half)));
}

/** The angle of (x, y) from the positive x axis, in (-π, π], like Math.atan2 for finite values. */
export function atan2(y: number, x: number): number {
  if (x > 0) return atan(y / x);
  if (x < 0) return y >= 0 ? atan(y / x) + PI : atan(y / x) - PI;
  return y > 0 ? HALF_PI : y < 0 ? -HALF_PI : 0;
}
