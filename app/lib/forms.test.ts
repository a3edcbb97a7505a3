import { describe, expect, it } from "vitest";
import { LoginSchema, MESSAGES, SignUpSchema } from "#contract/validation";
import { checkForm, firstMessage, textFields, withoutField } from "./forms";

const formOf = (fields: Record<string, string | Blob>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

describe("checkForm", () => {
  it("reads a posted form and the same values as an object alike, with SPEC.md's words per field", () => {
    const entered = { email: "", password: "short" };
    const fromForm = checkForm(LoginSchema, formOf(entered));
    const fromValues = checkForm(LoginSchema, entered);
    expect(fromForm).toEqual(fromValues);
    expect(fromForm).toEqual({
      ok: false,
      errors: {
        email: MESSAGES.loginEmailRequired,
        password: MESSAGES.invalid("password"),
      },
    });
  });

  it("hands back the schema's output when the form is valid", () => {
    const checked = checkForm(
      LoginSchema,
      formOf({ email: "Ava@Playfeed.Local", password: "Player@2026" }),
    );
    expect(checked).toEqual({
      ok: true,
      data: { email: "ava@playfeed.local", password: "Player@2026" },
      errors: {},
    });
  });

  it("keeps only each field's first message", () => {
    const checked = checkForm(SignUpSchema, {});
    expect(checked.ok).toBe(false);
    expect(Object.keys(checked.errors).sort()).toEqual(
      ["email", "gender", "name", "phone_number", "Pwd_Hash"].sort(),
    );
    expect(firstMessage(checked.errors)).toBe(checked.errors.name);
  });
});

describe("form fields", () => {
  it("leaves files out of the text fields", () => {
    const form = formOf({
      name: "Ava",
      picture: new Blob(["x"], { type: "image/png" }),
    });
    expect(textFields(form)).toEqual({ name: "Ava" });
  });

  it("drops the server's message for a field that changed, and only that one", () => {
    const errors = { email: "Taken", name: "Please enter name" };
    expect(withoutField(errors, "email")).toEqual({
      name: "Please enter name",
    });
    expect(withoutField(errors, "phone_number")).toBe(errors);
  });

  it("says something above the button even when no field is named", () => {
    expect(firstMessage({})).toBe("Invalid request");
  });
});
