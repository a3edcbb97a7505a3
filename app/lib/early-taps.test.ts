// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { EARLY_TAPS_SCRIPT, replayEarlyTaps } from "./early-taps";

/** Runs the inline script as the document's head would, before any of the page's own listeners. */
function install() {
  // The very string the head carries, run as the browser runs it.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call
  new Function(EARLY_TAPS_SCRIPT)();
}

afterEach(() => {
  window.__playfeedEarlyTaps?.();
  delete window.__playfeedEarlyTaps;
  document.body.innerHTML = "";
});

describe("early taps", () => {
  it("keeps a tap on a script-only button until hydration, then plays it once", () => {
    install();
    document.body.innerHTML = `<button type="button" id="menu"><svg><path id="icon"></path></svg></button>`;
    const taps: string[] = [];
    // React's own listener sits on the document too, after the early script's.
    document.addEventListener("click", (event) =>
      taps.push((event.target as Element).id),
    );
    document
      .getElementById("icon")!
      .dispatchEvent(
        new MouseEvent("click", { bubbles: true, cancelable: true }),
      );
    expect(taps).toEqual([]);

    expect(replayEarlyTaps()).toBe(1);
    expect(taps).toEqual(["menu"]);

    // Hydrated: taps go straight to the page, and nothing is played twice.
    document.getElementById("menu")!.click();
    expect(taps).toEqual(["menu", "menu"]);
    expect(replayEarlyTaps()).toBe(0);
  });

  it("leaves links and a form's submit button to the browser", () => {
    install();
    document.body.innerHTML = `<form><button id="send">Send</button><button type="button" id="clear">Clear</button></form><a href="#x" id="link">x</a>`;
    const reached: string[] = [];
    document.addEventListener("click", (event) => {
      reached.push((event.target as Element).id);
      event.preventDefault();
    });
    for (const id of ["send", "link", "clear"])
      document.getElementById(id)!.click();
    expect(reached).toEqual(["send", "link"]);
    expect(replayEarlyTaps()).toBe(1);
    expect(reached).toEqual(["send", "link", "clear"]);
  });

  it("keeps a tap on a link marked as a button-to-be, and plays it on the button that replaced it", async () => {
    install();
    document.body.innerHTML = `<a href="/user-info" data-early-tap="account-menu" id="avatar"><img id="face"></a>`;
    const taps: string[] = [];
    document.addEventListener("click", (event) =>
      taps.push((event.target as Element).id),
    );
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    document.getElementById("face")!.dispatchEvent(click);
    // Not followed: the page stays, waiting for its script.
    expect(click.defaultPrevented).toBe(true);
    expect(taps).toEqual([]);

    // Hydrated, the link is still there for a moment: the tap waits for the button React puts in its place.
    expect(replayEarlyTaps()).toBe(1);
    expect(taps).toEqual([]);
    document.body.innerHTML = `<button type="button" data-early-tap="account-menu" id="menu"></button>`;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(taps).toEqual(["menu"]);
  });

  it("drops a tap on a button the page no longer has", () => {
    install();
    document.body.innerHTML = `<button type="button" id="gone">x</button>`;
    document.getElementById("gone")!.click();
    document.body.innerHTML = "";
    expect(replayEarlyTaps()).toBe(0);
  });

  it("does nothing when the early script never ran", () => {
    expect(replayEarlyTaps()).toBe(0);
  });
});
