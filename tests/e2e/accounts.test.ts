import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, launchBrowser, openPage } from "./browser";
import { solidPng } from "./png";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
const account = {
  name: "Pat Rivera",
  email: `pat${unique}@example.com`,
  phone: "9876543210",
  password: "Secret#123",
};

/** Chromium logs every 4xx answer to a fetch; these are the refusals the tests provoke on purpose. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) =>
      !/Failed to load resource: the server responded with a status of (401|409)\b/.test(
        error,
      ),
  );

/** React has taken over the element: clicks now run our handlers instead of submitting natively. */
async function whenHydrated(page: Page, selector: string) {
  await page.waitForFunction((target) => {
    const element = document.querySelector(target);
    return (
      !!element &&
      Object.keys(element).some((key) => key.startsWith("__reactFiber"))
    );
  }, selector);
}

const mainText = (page: Page) => page.locator("main").innerText();
const dialog = (page: Page) => page.locator("dialog[open]");
const headerAvatar = (page: Page) =>
  page.locator(".site-header .site-header__avatar .avatar");

async function fillSignUp(
  page: Page,
  values: {
    name: string;
    email: string;
    phone: string;
    password: string;
    address?: string;
  },
) {
  await page.getByLabel("Name", { exact: true }).fill(values.name);
  await page.getByLabel("Email", { exact: true }).fill(values.email);
  await page.getByLabel("Phone number", { exact: true }).fill(values.phone);
  await page.getByLabel("Password", { exact: true }).fill(values.password);
  await page.getByLabel(/^Address/).fill(values.address ?? "");
}

describe("sign-up form", () => {
  it("hides messages until the first submit, then shows each SPEC §5 message", async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto("/registration");
    await whenHydrated(page, "form");
    expect(await page.locator(".field__error").count()).toBe(0);

    const phone = page.getByLabel("Phone number", { exact: true });
    expect(await phone.getAttribute("maxlength")).toBe("10");
    expect(await phone.getAttribute("inputmode")).toBe("tel");

    await page.getByRole("button", { name: "Create Account" }).click();
    for (const message of [
      "Please enter name",
      "Please enter email",
      "Please enter phone number",
      "Please enter password",
      "Please select a gender",
    ]) {
      await expect.poll(() => mainText(page), { message }).toContain(message);
    }

    // After the first submit the messages follow the typing.
    await fillSignUp(page, {
      name: "Pat!",
      email: "pat@",
      phone: "12345",
      password: "weak",
      address: "ab",
    });
    for (const message of [
      "Special characters are not allowed in the name field value",
      "Please enter valid email",
      "Please enter the valid phone number",
      "Please enter a stronger password",
      "Address minimum 3 characters",
    ]) {
      await expect.poll(() => mainText(page), { message }).toContain(message);
    }
    await page.getByLabel("Other", { exact: true }).check();
    await expect
      .poll(() => mainText(page))
      .not.toContain("Please select a gender");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("an account from sign-up to log-in", () => {
  it("signs up, edits the profile with a picture, logs out and logs back in", async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto("/registration");
    await whenHydrated(page, "form");
    await fillSignUp(page, account);
    await page.getByLabel("Male", { exact: true }).check();
    await page.getByRole("button", { name: "Create Account" }).click();

    // Success goes to /home with the player in the header.
    await page.waitForURL("**/home");
    await expect.poll(() => headerAvatar(page).innerText()).toBe("P");
    // The letter sits in the middle of its circle.
    const offCentre = await headerAvatar(page).evaluate((avatar) => {
      const letter = document.createRange();
      letter.selectNodeContents(avatar);
      const inner = letter.getBoundingClientRect();
      const outer = avatar.getBoundingClientRect();
      return {
        x: Math.abs(inner.x + inner.width / 2 - (outer.x + outer.width / 2)),
        y: Math.abs(inner.y + inner.height / 2 - (outer.y + outer.height / 2)),
      };
    });
    expect(offCentre.x).toBeLessThan(3);
    expect(offCentre.y).toBeLessThan(3);
    const stored = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem("userData") ?? "null") as Record<
          string,
          unknown
        > | null,
    );
    expect(stored).toMatchObject({ name: account.name, email: account.email });
    // The session is in the httpOnly cookie only: nothing a page script can read holds it.
    expect(stored).not.toHaveProperty("token");

    // Profile: the ProfileSchema messages, then a real save with a picture.
    await page.goto("/user-info");
    const name = page.getByLabel("Name", { exact: true });
    await expect.poll(() => name.inputValue()).toBe(account.name);
    await whenHydrated(page, "form");
    await name.fill("");
    await page.getByLabel("Phone number", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    for (const message of [
      "Please enter name",
      "Please enter phone number",
      "Please enter address",
    ]) {
      await expect.poll(() => mainText(page), { message }).toContain(message);
    }

    await name.fill("Pat Rivera");
    await page.getByLabel("Phone number", { exact: true }).fill("9123456789");
    await page.getByLabel("Address", { exact: true }).fill("12 Harbour Road");
    const picture = page.locator('input[type="file"]');
    expect(await picture.getAttribute("accept")).toBe(
      "image/png,image/jpeg,image/webp,image/gif",
    );
    await picture.setInputFiles({
      name: "me.png",
      mimeType: "image/png",
      buffer: solidPng(32, [236, 72, 153]),
    });
    await expect
      .poll(() => page.locator(".picture-field img").getAttribute("src"))
      .toMatch(/^blob:/);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect
      .poll(() => mainText(page), { timeout: 15_000 })
      .toContain("Your profile has been saved.");

    // The header avatar now shows the uploaded picture, served from /media/profile/…
    const avatarImage = page.locator(
      ".site-header .site-header__avatar img.avatar",
    );
    await expect
      .poll(() => avatarImage.getAttribute("src"))
      .toMatch(/\/media\/profile\/\d+\/[\w-]+\.png\.w320\.webp$/);
    await expect
      .poll(() =>
        avatarImage.evaluate(
          (image: HTMLImageElement) => image.complete && image.naturalWidth,
        ),
      )
      .toBe(32);
    // A circle, as the letter was: its box square, no gap under it in the ring.
    const box = (await avatarImage.boundingBox())!;
    const ring = (await page
      .locator(".site-header .site-header__avatar")
      .boundingBox())!;
    expect(box.width).toBe(box.height);
    expect(ring.width).toBe(ring.height);
    expect(
      await page.evaluate(
        () =>
          (
            JSON.parse(localStorage.getItem("userData") ?? "null") as {
              address?: string;
            } | null
          )?.address,
      ),
    ).toBe("12 Harbour Road");

    // Log out from the header's account menu.
    const header = page.locator(".site-header");
    await header.getByRole("button", { name: /Your account/ }).click();
    await header.getByRole("button", { name: "Log out" }).click();
    const headerLogIn = header.getByRole("button", { name: "Log in" });
    await expect.poll(() => headerLogIn.isVisible()).toBe(true);
    expect(
      await page.evaluate(() => localStorage.getItem("userData")),
    ).toBeNull();

    // Back in through the login popup: empty fields, a wrong password, then the right one.
    await whenHydrated(page, ".site-header__account > *");
    await headerLogIn.click();
    const popup = dialog(page);
    await expect.poll(() => popup.isVisible()).toBe(true);
    await popup.getByRole("button", { name: "Log in", exact: true }).click();
    await expect
      .poll(() => popup.innerText())
      .toContain("Please enter your email");
    expect(await popup.innerText()).toContain("Please enter password");

    await popup.getByLabel("Email", { exact: true }).fill(account.email);
    await popup.getByLabel("Password", { exact: true }).fill("Wrong#123");
    await popup.getByRole("button", { name: "Log in", exact: true }).click();
    await expect
      .poll(() => popup.innerText())
      .toContain("Enter Valid Email Id or Password");
    expect(
      await popup
        .getByRole("button", { name: "Log in", exact: true })
        .isEnabled(),
    ).toBe(true);

    await popup.getByLabel("Password", { exact: true }).fill(account.password);
    await popup.getByRole("button", { name: "Log in", exact: true }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect
      .poll(() =>
        page
          .locator(".site-header .site-header__avatar img.avatar")
          .getAttribute("src"),
      )
      .toMatch(/\/media\/profile\//);
    const again = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem("userData") ?? "null") as Record<
          string,
          unknown
        > | null,
    );
    expect(again).toMatchObject({ email: account.email });
    expect(again).not.toHaveProperty("token");

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("refuses a second account with the same email", async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto("/registration");
    await whenHydrated(page, "form");
    await fillSignUp(page, { ...account, name: "Pat Again" });
    await page.getByLabel("Female", { exact: true }).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect
      .poll(() => mainText(page))
      .toContain("Already email exist please use another email");
    expect(page.url()).toMatch(/\/registration$/);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe("login-gated screens for a visitor", () => {
  it("opens the login popup instead of Profile, Shop and Likes, and returns focus when it closes", async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await page.goto("/");
    await whenHydrated(page, ".side-menu a");
    const menu = page.getByRole("navigation", { name: "Main" });
    for (const label of ["Profile", "Shop", "Likes"]) {
      const link = menu.getByRole("link", { name: label, exact: true });
      await link.click();
      await expect.poll(() => dialog(page).count(), { message: label }).toBe(1);
      expect(new URL(page.url()).pathname).toBe("/");
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog(page).count()).toBe(0);
      // Focus goes back in the task after the dialog's own clean-up (lazy-dialog.tsx).
      await expect
        .poll(() =>
          link.evaluate((element) => element === document.activeElement),
        )
        .toBe(true);
    }

    // A tap on the backdrop closes the popup too.
    await page
      .locator(".site-header")
      .getByRole("button", { name: "Log in" })
      .click();
    await expect.poll(() => dialog(page).count()).toBe(1);
    await page.mouse.click(20, 400);
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the login popup when /social is opened directly", async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto("/social");
    await expect.poll(() => dialog(page).count()).toBe(1);
    expect(
      await dialog(page).getByRole("heading", { name: "Log in" }).isVisible(),
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends 'Already have an account? Log in' to /home with the login popup", async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto("/registration");
    await whenHydrated(page, ".auth-card__switch a");
    await page.getByRole("link", { name: "Log in" }).click();
    await page.waitForURL("**/home");
    await expect.poll(() => dialog(page).count()).toBe(1);
    // And the sign-up popup is one tap away.
    await dialog(page)
      .getByRole("button", { name: "Create an account" })
      .click();
    await expect
      .poll(() =>
        dialog(page).getByRole("heading", { name: "Create Account" }).count(),
      )
      .toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
