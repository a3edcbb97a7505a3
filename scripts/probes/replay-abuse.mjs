// Repeats issue #29's replay and storage measurements against a running app: `node scripts/probes/replay-abuse.mjs
// http://127.0.0.1:8787`. Prints what each attack got (statuses and times); it changes the database it talks to.
const base = process.argv[2] ?? "http://127.0.0.1:8787";
const address = () =>
  `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}::${Math.floor(Math.random() * 0xffff).toString(16)}`;

async function call(path, { method = "GET", body, token, ip } = {}) {
  const started = performance.now();
  const response = await fetch(base + path, {
    method,
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(ip ? { "CF-Connecting-IP": ip } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return {
    status: response.status,
    body: json,
    ms: performance.now() - started,
  };
}

const base64url = (bytes) => Buffer.from(bytes).toString("base64url");
function varints(values) {
  const bytes = [];
  for (let value of values) {
    while (value >= 0x80) {
      bytes.push((value & 0x7f) | 0x80);
      value = Math.floor(value / 128);
    }
    bytes.push(value);
  }
  return bytes;
}
/** Issue #29's crafted log: 16,381 taps (down, up, …) on the first step, 64 KB of text. */
const tapsOnOneStep = base64url([
  1,
  ...varints([60, 16381]),
  ...Array.from({ length: 16381 }, (_, i) => [i % 2 ? 2 : 0, 0, 0]).flat(),
]);
/** A log that decodes and stays within log-limits.ts: `steps` steps, each with 8 pointer moves back and forth. */
function denseLog(steps) {
  const moves = [];
  for (let step = 0; step < steps; step++)
    for (let i = 0; i < 8; i++)
      moves.push(step > 0 && i === 0 ? 9 : 1, i % 2 ? 40 : 39, 0);
  return base64url([1, ...varints([steps, steps * 8]), ...moves]);
}

const summary = (answers) => {
  const statuses = {};
  for (const answer of answers)
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return `statuses ${JSON.stringify(statuses)}, ${Math.round(times[0])}–${Math.round(times.at(-1))} ms each`;
};

async function signUp(ip) {
  const { status, body } = await call("/api/user", {
    method: "POST",
    ip,
    body: {
      name: "Probe Player",
      email: `probe.${crypto.randomUUID().slice(0, 8)}@example.com`,
      phone_number: "9876501234",
      Pwd_Hash: "Secret@123",
      gender: "female",
      address: "22 River Walk, Porto",
    },
  });
  if (status !== 201)
    throw new Error(`sign-up: ${status} ${JSON.stringify(body)}`);
  return { token: body.token, id: body.user._id };
}

async function gameIdOf(slug) {
  for (let id = 1; id < 40; id++) {
    const { status, body } = await call(`/api/game/${id}`);
    if (status === 200 && JSON.stringify(body).includes(`"${slug}"`)) return id;
  }
  throw new Error(`no game ${slug}`);
}

const skyHopper = await gameIdOf("sky-hopper");
const ip = address();
const player = await signUp(ip);

// 1. One open session, 16 concurrent submissions of the crafted log.
const session = await call("/api/gamestats", {
  method: "POST",
  token: player.token,
  ip,
  body: { game_id: skyHopper, game_type: 0 },
});
const round = {
  score: 0,
  player_id: player.id,
  game_id: skyHopper,
  stats_id: session.body._id,
  log: tapsOnOneStep,
};
const resubmitted = await Promise.all(
  Array.from({ length: 16 }, () =>
    call("/api/scores", {
      method: "POST",
      token: player.token,
      ip,
      body: round,
    }),
  ),
);
console.log(
  `16 concurrent submissions of one session: ${summary(resubmitted)}`,
);
console.log(
  `  first messages: ${[...new Set(resubmitted.map((a) => a.body?.error?.message))].join(" | ")}`,
);

// 2. 120 visitor rounds from one address, each finished with 64 KB of junk, then with logs that decode.
const visitorIp = address();
const junk = "A".repeat(64 * 1024);
const starts = [];
for (let i = 0; i < 120; i++)
  starts.push(
    await call("/api/visitor-rounds", {
      method: "POST",
      ip: visitorIp,
      body: { game_id: skyHopper },
    }),
  );
const started = starts.filter((s) => s.status === 201).map((s) => s.body);
const junkFinishes = await Promise.all(
  started.map((r) =>
    call(`/api/visitor-rounds/${r.id}`, {
      method: "PUT",
      ip: visitorIp,
      body: { token: r.token, score: 5, log: junk },
    }),
  ),
);
console.log(
  `120 visitor rounds started: ${summary(starts)}; finished with 64 KB of junk: ${summary(junkFinishes)}`,
);
const denseIp = address();
const dense = [];
for (let i = 0; i < 120; i++)
  dense.push(
    await call("/api/visitor-rounds", {
      method: "POST",
      ip: denseIp,
      body: { game_id: skyHopper },
    }),
  );
const waitSeconds = Number(process.env.WAIT_SECONDS ?? 20);
await new Promise((resolve) => setTimeout(resolve, waitSeconds * 1000));
const denseText = denseLog(waitSeconds * 60);
const denseFinishes = await Promise.all(
  dense
    .filter((s) => s.status === 201)
    .map((s) =>
      call(`/api/visitor-rounds/${s.body.id}`, {
        method: "PUT",
        ip: denseIp,
        body: { token: s.body.token, score: 5, log: denseText },
      }),
    ),
);
const kept = denseFinishes.filter((a) => a.status === 200).length;
console.log(
  `120 visitor rounds finished after ${waitSeconds} s with a ${(denseText.length / 1024).toFixed(1)} KB log that decodes: ${summary(denseFinishes)}, ${((kept * denseText.length) / 1024 / 1024).toFixed(2)} MB kept`,
);
console.log(
  `  messages: ${[...new Set(denseFinishes.map((a) => a.body?.error?.message).filter(Boolean))].join(" | ")}`,
);

// 3. Six concurrent claims by one account of rounds finished with the crafted log.
const claimIp = address();
const claimer = await signUp(claimIp);
const claimable = [];
for (let i = 0; i < 6; i++) {
  const r = await call("/api/visitor-rounds", {
    method: "POST",
    ip: claimIp,
    body: { game_id: skyHopper },
  });
  const finished = await call(`/api/visitor-rounds/${r.body.id}`, {
    method: "PUT",
    ip: claimIp,
    body: { token: r.body.token, score: 0, log: tapsOnOneStep },
  });
  claimable.push({ ...r.body, finished: finished.status });
}
console.log(
  `6 visitor rounds finished with the crafted log: statuses ${claimable.map((r) => r.finished).join(",")}`,
);
const claims = await Promise.all(
  claimable.map((r) =>
    call(`/api/visitor-rounds/${r.id}/claim`, {
      method: "POST",
      token: claimer.token,
      ip: claimIp,
      body: { token: r.token },
    }),
  ),
);
console.log(`6 concurrent claims: ${summary(claims)}`);
console.log(
  `  messages: ${[...new Set(claims.map((a) => a.body?.error?.message).filter(Boolean))].join(" | ")}`,
);

// 4. Then 20 more rounds claimed by that account in a minute (each its own round, finished with a log that decodes).
const more = [];
for (let i = 0; i < 20; i++) {
  const r = await call("/api/visitor-rounds", {
    method: "POST",
    ip: claimIp,
    body: { game_id: skyHopper },
  });
  await call(`/api/visitor-rounds/${r.body.id}`, {
    method: "PUT",
    ip: claimIp,
    body: { token: r.body.token, score: 0, log: denseLog(60) },
  });
  more.push(r.body);
}
const moreClaims = await Promise.all(
  more.map((r) =>
    call(`/api/visitor-rounds/${r.id}/claim`, {
      method: "POST",
      token: claimer.token,
      ip: claimIp,
      body: { token: r.token },
    }),
  ),
);
console.log(`20 more claims by one account at once: ${summary(moreClaims)}`);
