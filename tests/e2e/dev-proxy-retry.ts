/**
 * The tests' own requests (sign-ups, API calls) go through `wrangler dev`'s proxy, which answers a POST with 503 and
 * "Your worker restarted mid-request" when its connection to the Worker drops under it: it replays GET and HEAD itself,
 * never a POST ("Only GET or HEAD requests are retried automatically"). Production has no such proxy, so the test
 * process does what the proxy asks and sends the request again, a few times. Only that answer is retried: the app's
 * own 503s are JSON and go to the test as they are. Pages in Chromium are not touched (collectErrors in browser.ts).
 */
export const DEV_PROXY_RESTART = "Your worker restarted mid-request.";

const TRIES = 4;
const send = globalThis.fetch;

async function fetchRetryingProxyRestarts(
  input: Parameters<typeof fetch>[0],
  init?: Parameters<typeof fetch>[1],
): Promise<Response> {
  // A string body can be sent again; a stream could not, so a request with one is sent once.
  const replayable =
    init?.body === undefined ||
    init.body === null ||
    typeof init.body === "string";
  for (let attempt = 1; ; attempt++) {
    const response = await send(input, init);
    if (
      !replayable ||
      attempt === TRIES ||
      response.status !== 503 ||
      response.headers.get("retry-after") !== "0"
    )
      return response;
    const text = await response.clone().text();
    if (!text.startsWith(DEV_PROXY_RESTART)) return response;
    console.warn(
      `[e2e] ${init?.method ?? "GET"} ${input instanceof Request ? input.url : input.toString()}: wrangler dev's proxy lost the Worker mid-request; sending it again`,
    );
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
  }
}

// Once, however many files import this one.
if (!("playfeedRetrying" in send))
  globalThis.fetch = Object.assign(fetchRetryingProxyRestarts, {
    playfeedRetrying: true,
  });
