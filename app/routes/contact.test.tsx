// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInRoot } from "../../tests/setup/components";
import Contact from "./contact";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderContact() {
  renderInRoot(null, {
    path: "/contact",
    action: () => ({ submitted: true }),
    Component: Contact,
  });
}

describe("/contact", () => {
  it("says nothing until Submit, then confirms in place without checking the fields", async () => {
    const user = userEvent.setup();
    renderContact();
    const status = await screen.findByRole("status");
    expect(status.textContent).toBe("");

    // Empty fields too: SPEC.md §2, nothing is validated.
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(
      within(status).getByText("Success: Message submitted successfully."),
    ).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Contact us" })).toBeTruthy();
  });

  it("keeps what was typed after the confirmation", async () => {
    const user = userEvent.setup();
    renderContact();
    await user.type(await screen.findByLabelText("Name"), "Ava Player");
    await user.type(screen.getByLabelText("Message"), "More puzzle games!");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    await screen.findByText("Success: Message submitted successfully.");
    expect(screen.getByLabelText<HTMLInputElement>("Name").value).toBe(
      "Ava Player",
    );
    expect(screen.getByLabelText<HTMLTextAreaElement>("Message").value).toBe(
      "More puzzle games!",
    );
  });
});
