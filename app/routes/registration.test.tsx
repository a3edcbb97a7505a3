// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountProvider, useAccount } from "~/components/AccountProvider";
import { MESSAGES } from "#contract/validation";
import { installFakeApi, renderInRoot } from "../../tests/setup/components";
import Registration from "./registration";

beforeEach(() => {
  installFakeApi();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = Record<string, unknown>;

/** /home as the shell holds it, saying which popup the account has open. */
function Home() {
  const { popup } = useAccount();
  return (
    <>
      <h1>Home page</h1>
      <p data-testid="popup">{popup.type}</p>
    </>
  );
}

function renderRegistration(
  loaded: { redirectTo: string | null; matchHost: string | null },
  answer: (form: Answer) => Answer = () => ({ ok: true }),
) {
  const posted: Answer[] = [];
  renderInRoot(null, {
    user: null,
    path: "/registration",
    loader: () => loaded,
    action: async ({ request }) => {
      const form = Object.fromEntries(await request.formData());
      posted.push(form);
      return answer(form);
    },
    Component: Registration,
    wrap: (page) => <AccountProvider>{page}</AccountProvider>,
    routes: [
      { path: "/home", Component: Home },
      { path: "/login", Component: () => <h1>Login page</h1> },
    ],
  });
  return posted;
}

const NO_TARGET = { redirectTo: null, matchHost: null };

describe("/registration", () => {
  it("hides the field messages until the first submit, then follows each keystroke", async () => {
    const user = userEvent.setup();
    const posted = renderRegistration(NO_TARGET);
    const name = await screen.findByLabelText("Name");
    await user.type(name, "A");
    await user.clear(name);
    expect(screen.queryByText(MESSAGES.nameRequired)).toBeNull();

    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(screen.getByText(MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.genderRequired)).toBeTruthy();
    expect(document.activeElement).toBe(name);

    await user.type(name, "Ava");
    expect(screen.queryByText(MESSAGES.nameRequired)).toBeNull();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it("shows the server's word on a field under it until that field changes", async () => {
    const user = userEvent.setup();
    const posted = renderRegistration(NO_TARGET, (form) => ({
      ok: false,
      formError: MESSAGES.emailTaken,
      errors: { email: MESSAGES.emailTaken },
      values: { ...form, Pwd_Hash: undefined },
    }));
    await user.type(await screen.findByLabelText("Name"), "Ava Player");
    await user.type(screen.getByLabelText("Email"), "ava@example.com");
    await user.type(screen.getByLabelText("Phone number"), "9876543210");
    await user.type(screen.getByLabelText("Password"), "Secret#123");
    await user.click(screen.getByLabelText("Female"));
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    // Said under the field, not again above the button.
    expect(await screen.findByText(MESSAGES.emailTaken)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      name: "Ava Player",
      email: "ava@example.com",
      gender: "female",
    });

    await user.type(screen.getByLabelText("Email"), "m");
    expect(screen.queryByText(MESSAGES.emailTaken)).toBeNull();
  });

  it("'Log in' goes home and opens the login popup there", async () => {
    const user = userEvent.setup();
    renderRegistration(NO_TARGET);
    await user.click(await screen.findByRole("link", { name: "Log in" }));
    await screen.findByRole("heading", { name: "Home page" });
    await waitFor(() =>
      expect(screen.getByTestId("popup").textContent).toBe("login"),
    );
  });

  it("on the way to a friend's match, says so and 'Log in' is the login page that goes on there", async () => {
    const user = userEvent.setup();
    renderRegistration({ redirectTo: "/match/ABC123", matchHost: "Bea" });
    expect((await screen.findByTestId("waiting")).textContent).toBe(
      "Create an account to join Bea's match",
    );
    const logIn = screen.getByRole("link", { name: "Log in" });
    expect(logIn.getAttribute("href")).toBe(
      "/login?redirectTo=%2Fmatch%2FABC123",
    );
    await user.click(logIn);
    expect(
      await screen.findByRole("heading", { name: "Login page" }),
    ).toBeTruthy();
  });
});
