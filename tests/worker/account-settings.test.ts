import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { readOutbox } from "../../workers/services/mail";
import { hashToken } from "../../workers/services/tokens";
import {
  from,
  getJson,
  json,
  request,
  testAddress,
  validSignUp,
} from "./helpers";

/**
 * Issue #34's account settings, driven as a browser without JavaScript drives /settings and /confirm-email/{token}:
 * document GETs and plain form posts to the page's own address, with the session cookie.
 */

const PASSWORD = "Secret@123";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const MAC_FIREFOX =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:127.0) Gecko/20100101 Firefox/127.0";

interface Account {
  email: string;
  token: string;
  userId: number;
}

async function signUp(): Promise<Account> {
  const payload = validSignUp();
  const { status, body } = await getJson<{
    token: string;
    user: { _id: number };
  }>("/api/user", from(testAddress(), json("POST", payload)));
  expect(status).toBe(201);
  return { email: payload.email, token: body.token, userId: body.user._id };
}

/** A second session of the same account, as another browser signs in (with its User-Agent and Cloudflare's country). */
async function logIn(
  email: string,
  password = PASSWORD,
  userAgent = MAC_FIREFOX,
  country?: string,
): Promise<string> {
  const init = from(testAddress(), json("POST", { email, password }));
  (init.headers as Record<string, string>)["User-Agent"] = userAgent;
  const response = await request("/api/user/login", {
    ...init,
    ...(country ? { cf: { country } } : {}),
  });
  expect(response.status).toBe(200);
  return (await response.json<{ token: string }>()).token;
}

const page = (token: string | null, path = "/settings") =>
  request(path, {
    redirect: "manual",
    headers: token ? { Cookie: `pf_session=${token}` } : {},
  });

const post = (
  token: string | null,
  fields: Record<string, string>,
  path = "/settings",
) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return request(path, {
    method: "POST",
    body,
    redirect: "manual",
    // Remix compares Origin with Host before it runs a page's action.
    headers: {
      Origin: "https://playfeed.test",
      Host: "playfeed.test",
      ...(token ? { Cookie: `pf_session=${token}` } : {}),
    },
  });
};

async function htmlOf(response: Response): Promise<string> {
  return (await response.text()).split("<!-- -->").join("");
}

const signedIn = async (token: string) =>
  (await request("/api/user/me", json("GET", undefined, token))).status === 200;

const row = <T>(sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .first<T>();

describe("/settings refuses visitors", () => {
  it("sends a visitor's page view and every form to log in, and changes nothing", async () => {
    const viewed = await page(null);
    expect(viewed.status).toBe(303);
    expect(viewed.headers.get("Location")).toBe(
      "/login?redirectTo=%2Fsettings",
    );
    for (const intent of [
      "change-password",
      "change-email",
      "sign-out-device",
      "sign-out-others",
    ]) {
      const posted = await post(null, {
        intent,
        current_password: PASSWORD,
        new_password: "Other@456",
        confirm_password: "Other@456",
        new_email: "someone@example.com",
        session: "0".repeat(32),
      });
      expect(posted.status).toBe(303);
      expect(posted.headers.get("Location")).toBe(
        "/login?redirectTo=%2Fsettings",
      );
    }
    expect(
      await row(
        "select 1 from account_tokens where email = ?",
        "someone@example.com",
      ),
    ).toBeNull();
  });

  it("refuses a stale cookie as a visitor", async () => {
    const response = await page("not-a-session");
    expect(response.status).toBe(303);
  });

  it("answers a form it does not know with 400", async () => {
    const account = await signUp();
    const response = await post(account.token, { intent: "drop-tables" });
    expect(response.status).toBe(400);
  });
});

describe("changing the password", () => {
  it("refuses a wrong current password with a field message and changes nothing", async () => {
    const account = await signUp();
    const other = await logIn(account.email);
    const before = await row<{ password_hash: string }>(
      "select password_hash from users where id = ?",
      account.userId,
    );
    const response = await post(account.token, {
      intent: "change-password",
      current_password: "Wrong@999",
      new_password: "Other@456",
      confirm_password: "Other@456",
    });
    expect(response.status).toBe(400);
    expect(await htmlOf(response)).toContain(
      "That is not your current password",
    );
    const after = await row<{ password_hash: string }>(
      "select password_hash from users where id = ?",
      account.userId,
    );
    expect(after!.password_hash).toBe(before!.password_hash);
    expect(await signedIn(other)).toBe(true);
  });

  it("checks the new password with SPEC §5's rule and the repeat", async () => {
    const account = await signUp();
    const weak = await post(account.token, {
      intent: "change-password",
      current_password: PASSWORD,
      new_password: "weak",
      confirm_password: "weak",
    });
    expect(weak.status).toBe(400);
    expect(await htmlOf(weak)).toContain("Please enter a stronger password");
    const differ = await post(account.token, {
      intent: "change-password",
      current_password: PASSWORD,
      new_password: "Other@456",
      confirm_password: "Other@457",
    });
    expect(differ.status).toBe(400);
    expect(await htmlOf(differ)).toContain(
      "The two new passwords are not the same",
    );
    const flood = await post(account.token, {
      intent: "change-password",
      current_password: "x".repeat(100_000),
      new_password: "Other@456",
      confirm_password: "Other@456",
    });
    expect(flood.status).toBe(400);
  });

  it("signs out every other session but keeps this one, and the new password works", async () => {
    const account = await signUp();
    const other = await logIn(account.email);
    const third = await logIn(account.email, PASSWORD, ANDROID_CHROME);
    const response = await post(account.token, {
      intent: "change-password",
      current_password: PASSWORD,
      new_password: "Other@456",
      confirm_password: "Other@456",
    });
    expect(response.status).toBe(200);
    expect(await htmlOf(response)).toContain(
      "Your password has been changed. You were signed out everywhere else.",
    );
    expect(await signedIn(account.token)).toBe(true);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(third)).toBe(false);
    const old = await request(
      "/api/user/login",
      from(
        testAddress(),
        json("POST", { email: account.email, password: PASSWORD }),
      ),
    );
    expect(old.status).toBe(401);
    await logIn(account.email, "Other@456");
  });
});

/** The link in the newest mail to `to` with `subject`, and its token. */
async function linkTo(to: string, subject: RegExp) {
  const [mail] = (await readOutbox(env.MEDIA, { to })).filter((kept) =>
    subject.test(kept.subject),
  );
  expect(mail).toBeDefined();
  const url = /https?:\/\/\S+\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(url).not.toBeNull();
  return { mail, path: new URL(url![0]).pathname, token: url![1] };
}

const newAddress = () => `moved.${crypto.randomUUID().slice(0, 8)}@example.com`;

async function askToChange(account: Account, to: string) {
  return post(account.token, {
    intent: "change-email",
    new_email: to,
    current_password: PASSWORD,
  });
}

describe("changing the e-mail address", () => {
  it("mails a single-use link to the new address, stored only hashed, and a notice to the old one", async () => {
    const account = await signUp();
    const to = newAddress();
    const asked = await askToChange(account, to);
    expect(asked.status).toBe(200);
    expect(await htmlOf(asked)).toContain(
      `We sent a link to ${to}. Confirm it to finish the change.`,
    );
    // Still the old address until the link is used; the page shows what is pending.
    expect(
      (await row<{ email: string }>(
        "select email from users where id = ?",
        account.userId,
      ))!.email,
    ).toBe(account.email);
    expect(await htmlOf(await page(account.token))).toContain(
      `We sent a link to ${to}. Confirm it to finish the change.`,
    );

    const { token, path, mail } = await linkTo(to, /Confirm your new/);
    expect(mail.html).toContain("Confirm this address");
    const stored = await row<{ token_hash: string; expires_at: number }>(
      "select token_hash, expires_at from account_tokens where user_id = ? and purpose = 'change_email'",
      account.userId,
    );
    expect(stored!.token_hash).toBe(await hashToken(token));
    expect(stored!.token_hash).not.toContain(token);
    expect(stored!.expires_at - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(stored!.expires_at - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const [notice] = await readOutbox(env.MEDIA, { to: account.email });
    expect(notice.text).toContain(
      `Your Playfeed e-mail address is being changed to ${to}; if this was not you, change your password.`,
    );

    // Opening the link changes nothing (mail scanners open links); the button does.
    const opened = await page(null, path);
    expect(opened.status).toBe(200);
    const confirmPage = await htmlOf(opened);
    expect(confirmPage).toContain(to);
    expect(confirmPage).toContain("Confirm this address");
    expect(
      (await row<{ email: string }>(
        "select email from users where id = ?",
        account.userId,
      ))!.email,
    ).toBe(account.email);

    const used = await post(null, {}, path);
    expect(used.status).toBe(303);
    expect(used.headers.get("Location")).toBe("/confirm-email/done");
    expect(await htmlOf(await page(null, "/confirm-email/done"))).toContain(
      "Your e-mail address is changed",
    );
    const user = await row<{ email: string; email_verified_at: number }>(
      "select email, email_verified_at from users where id = ?",
      account.userId,
    );
    expect(user!.email).toBe(to);
    expect(user!.email_verified_at).toBeGreaterThan(0);
    const [changed] = await readOutbox(env.MEDIA, { to: account.email });
    expect(changed.subject).toBe("Your Playfeed e-mail address was changed");
    expect(changed.text).toContain(`now uses ${to}`);

    const again = await post(null, {}, path);
    expect(again.status).toBe(400);
    expect(await htmlOf(again)).toContain("has already been used");
    await logIn(to);
  });

  it("refuses a link after 24 hours", async () => {
    const account = await signUp();
    const to = newAddress();
    expect((await askToChange(account, to)).status).toBe(200);
    const { path } = await linkTo(to, /Confirm your new/);
    vi.useFakeTimers({
      toFake: ["Date"],
      now: Date.now() + 24 * 3600_000 + 60_000,
      shouldAdvanceTime: true,
    });
    const late = await post(null, {}, path);
    expect(late.status).toBe(410);
    expect(await htmlOf(late)).toContain("This link has expired");
    expect(
      (await row<{ email: string }>(
        "select email from users where id = ?",
        account.userId,
      ))!.email,
    ).toBe(account.email);
  });

  it("refuses an address another account uses, when asked and when the link is used", async () => {
    const account = await signUp();
    const owner = await signUp();
    const taken = await askToChange(account, owner.email);
    expect(taken.status).toBe(409);
    expect(await htmlOf(taken)).toContain(
      "Another account already uses that e-mail address",
    );

    const to = newAddress();
    expect((await askToChange(account, to)).status).toBe(200);
    const { path } = await linkTo(to, /Confirm your new/);
    // Someone signs up with the address before the link is used.
    const racer = validSignUp({ email: to });
    const signedUp = await request(
      "/api/user",
      from(testAddress(), json("POST", racer)),
    );
    expect(signedUp.status).toBe(201);
    const used = await post(null, {}, path);
    expect(used.status).toBe(409);
    expect(await htmlOf(used)).toContain(
      "Another account already uses that e-mail address",
    );
    expect(
      (await row<{ email: string }>(
        "select email from users where id = ?",
        account.userId,
      ))!.email,
    ).toBe(account.email);
  });

  it("needs the current password and refuses a made-up link as a page, not an error", async () => {
    const account = await signUp();
    const wrong = await post(account.token, {
      intent: "change-email",
      new_email: newAddress(),
      current_password: "Wrong@999",
    });
    expect(wrong.status).toBe(400);
    expect(await htmlOf(wrong)).toContain("That is not your current password");
    expect(
      await row(
        "select 1 from account_tokens where user_id = ? and purpose = 'change_email'",
        account.userId,
      ),
    ).toBeNull();
    const made = await page(null, "/confirm-email/" + "a".repeat(43));
    expect(made.status).toBe(400);
    const junk = await page(null, "/confirm-email/" + "%3C".repeat(300));
    expect(junk.status).toBe(400);
  });
});

describe("signed-in devices", () => {
  it("lists each session's browser and country, and signs out one device only", async () => {
    const account = await signUp();
    const android = await logIn(account.email, PASSWORD, ANDROID_CHROME, "PT");
    const mac = await logIn(account.email, PASSWORD, MAC_FIREFOX, "JP");
    const html = await htmlOf(await page(account.token));
    expect(html).toContain("Chrome on Android");
    expect(html).toContain("Firefox on macOS");
    expect(html).toContain("This device");
    const stored = await row<{ user_agent: string; country: string | null }>(
      "select user_agent, country from sessions where user_id = ? and user_agent like '%Android%'",
      account.userId,
    );
    expect(stored!.user_agent).toBe(ANDROID_CHROME);
    // workerd hands the Worker a request's `cf` as Cloudflare's edge does: the session keeps its country.
    expect(stored!.country).toBe("PT");
    expect(html).toContain("Portugal");
    expect(html).toContain("Japan");

    const key = (await hashToken(android)).slice(0, 32);
    expect(html).toContain(key);
    expect(html).not.toContain(android);
    const out = await post(account.token, {
      intent: "sign-out-device",
      session: key,
    });
    expect(out.status).toBe(200);
    expect(await htmlOf(out)).toContain("That device is signed out.");
    expect(await signedIn(android)).toBe(false);
    expect(await signedIn(mac)).toBe(true);
    expect(await signedIn(account.token)).toBe(true);

    const again = await post(account.token, {
      intent: "sign-out-device",
      session: key,
    });
    expect(again.status).toBe(404);
    const own = await post(account.token, {
      intent: "sign-out-device",
      session: (await hashToken(account.token)).slice(0, 32),
    });
    expect(own.status).toBe(404);
    expect(await signedIn(account.token)).toBe(true);
  });

  it("cannot sign out another account's device", async () => {
    const account = await signUp();
    const stranger = await signUp();
    const response = await post(account.token, {
      intent: "sign-out-device",
      session: (await hashToken(stranger.token)).slice(0, 32),
    });
    expect(response.status).toBe(404);
    expect(await signedIn(stranger.token)).toBe(true);
  });

  it("signs out everywhere else", async () => {
    const account = await signUp();
    const others = [
      await logIn(account.email),
      await logIn(account.email, PASSWORD, ANDROID_CHROME),
    ];
    const response = await post(account.token, { intent: "sign-out-others" });
    expect(response.status).toBe(200);
    expect(await htmlOf(response)).toContain("Signed out of 2 other devices.");
    for (const token of others) expect(await signedIn(token)).toBe(false);
    expect(await signedIn(account.token)).toBe(true);
  });

  it("notes when a session was last used, at most every 10 minutes", async () => {
    const account = await signUp();
    const seen = () =>
      row<{ last_seen_at: number | null }>(
        "select last_seen_at from sessions where user_id = ?",
        account.userId,
      );
    expect((await seen())!.last_seen_at).toBeNull();
    await signedIn(account.token);
    const first = (await seen())!.last_seen_at;
    expect(first).toBeGreaterThan(0);
    await signedIn(account.token);
    expect((await seen())!.last_seen_at).toBe(first);
    vi.useFakeTimers({
      toFake: ["Date"],
      now: Date.now() + 11 * 60_000,
      shouldAdvanceTime: true,
    });
    await signedIn(account.token);
    expect((await seen())!.last_seen_at).toBeGreaterThan(first! + 10 * 60_000);
  });
});
