// `npm run bench:inputs [-- --base http://127.0.0.1:8799]`: how long the worst inputs we know of take to refuse.
// In process: the e-mail schemas on inputs that made the old pattern (\w+(?:[.-]?\w+)*) backtrack exponentially, with
// the old pattern itself on short ones for contrast. With --base (npm run bench passes its server): the same inputs
// as POST /api/user/login round trips, beside GET /api/health, each from its own CF-Connecting-IP.
// Figures are printed with PASS/MISS against the aim; nothing is asserted.
import { EmailSchema, LoginSchema } from "#contract/validation";

const OLD_EMAIL_PATTERN = /^\w+(?:[.-]?\w+)*@\w+(?:[.-]?\w+)*(?:\.\w{2,})+$/;
const AIM_MS = 5;
const RUNS = 20;

const worst: Array<[string, string]> = [
  ["27 letters and !", "a".repeat(27) + "!"],
  ["33 letters and !", "a".repeat(33) + "!"],
  ["254 letters and !", "a".repeat(253) + "!"],
  ["a. × 120 and !", "a.".repeat(120) + "!"],
  ["a@ then a. × 125", "a@" + "a.".repeat(125) + "!"],
  ["1 MB and !", "a".repeat(1024 * 1024) + "!"],
];

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const max = (values: number[]) => Math.max(...values);
const ms = (value: number) => `${value.toFixed(3)} ms`;
const target = (name: string, pass: boolean, figure: string) =>
  console.log(`${pass ? "PASS" : "MISS"}  ${name.padEnd(60)} ${figure}`);

function timeSync(run: () => void): number[] {
  return Array.from({ length: RUNS }, () => {
    const start = performance.now();
    run();
    return performance.now() - start;
  });
}

console.log(
  "\nInputs: the worst e-mails we know of, refused in process (median and max of 20 runs)\n",
);
console.log(
  "input".padEnd(22),
  "schema p50".padStart(12),
  "schema max".padStart(12),
);
let worstInProcess = 0;
for (const [label, email] of worst) {
  const timings = timeSync(() => {
    EmailSchema.safeParse(email);
    LoginSchema.shape.email.safeParse(email);
  });
  worstInProcess = Math.max(worstInProcess, median(timings));
  console.log(
    label.padEnd(22),
    ms(median(timings)).padStart(12),
    ms(max(timings)).padStart(12),
  );
}
console.log(
  "\nThe pattern it replaced, for contrast (one run each; it doubles with every letter or two):",
);
for (const letters of [18, 20, 22, 24]) {
  const start = performance.now();
  OLD_EMAIL_PATTERN.test("a".repeat(letters) + "!");
  console.log(
    `  ${String(letters).padStart(2)} letters and !  ${ms(performance.now() - start)}`,
  );
}

const baseIndex = process.argv.indexOf("--base");
const base = baseIndex > 0 ? process.argv[baseIndex + 1] : null;
let worstRoundTrip: number | null = null;
if (base) {
  const address = () =>
    `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
  const roundTrips = async (send: () => Promise<Response>) => {
    const timings: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      const response = await send();
      await response.arrayBuffer();
      timings.push(performance.now() - start);
    }
    return timings;
  };
  console.log(
    `\nOver HTTP against ${base} (round trips, including wrangler's dev proxy)\n`,
  );
  console.log("request".padEnd(30), "p50".padStart(10), "max".padStart(10));
  const health = await roundTrips(() => fetch(`${base}/api/health`));
  console.log(
    "GET /api/health".padEnd(30),
    ms(median(health)).padStart(10),
    ms(max(health)).padStart(10),
  );
  worstRoundTrip = 0;
  for (const [label, email] of worst) {
    const timings = await roundTrips(() =>
      fetch(`${base}/api/user/login`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "CF-Connecting-IP": address(),
        },
        body: JSON.stringify({ email, password: "Abc@123" }),
      }),
    );
    worstRoundTrip = Math.max(worstRoundTrip, median(timings));
    console.log(
      `login: ${label}`.padEnd(30),
      ms(median(timings)).padStart(10),
      ms(max(timings)).padStart(10),
    );
  }
}

console.log("");
target(
  `worst e-mail refused in process < ${AIM_MS} ms (slowest input's p50)`,
  worstInProcess < AIM_MS,
  ms(worstInProcess),
);
if (worstRoundTrip !== null)
  target(
    `worst e-mail refused over HTTP < ${AIM_MS} ms (p50 round trip)`,
    worstRoundTrip < AIM_MS,
    ms(worstRoundTrip),
  );
