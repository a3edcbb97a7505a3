import { describe, expect, it } from "vitest";
import { closeDocumentLast } from "./close-document.server";

const encoder = new TextEncoder();

/** The page as the browser gets it, from `parts` streamed one chunk each. */
async function streamed(parts: string[]): Promise<string> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  return await new Response(closeDocumentLast(body)).text();
}

const SHELL = "<!DOCTYPE html><html><body><p>Café ✓</p></body></html>";
const DATA = "<script>window.__data=1</script>";

describe("closeDocumentLast", () => {
  it("moves the closing tags after what streams later, wherever the chunks are cut", async () => {
    const whole = SHELL + DATA;
    const expected =
      "<!DOCTYPE html><html><body><p>Café ✓</p>" + DATA + "</body></html>";
    const bytes = encoder.encode(whole);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, cut));
          controller.enqueue(bytes.slice(cut));
          controller.close();
        },
      });
      expect(await new Response(closeDocumentLast(body)).text()).toBe(expected);
    }
  });

  it("keeps a page cut into one-byte chunks whole", async () => {
    const bytes = encoder.encode(SHELL + DATA);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(Uint8Array.of(byte));
        controller.close();
      },
    });
    expect(await new Response(closeDocumentLast(body)).text()).toBe(
      "<!DOCTYPE html><html><body><p>Café ✓</p>" + DATA + "</body></html>",
    );
  });

  it("passes a document without the closing tags through unchanged", async () => {
    expect(await streamed(["<p>partial", " page</p>"])).toBe(
      "<p>partial page</p>",
    );
    expect(await streamed(["</body"])).toBe("</body");
  });

  it("moves only the first closing tags, and leaves later text with the same words alone", async () => {
    expect(await streamed([SHELL, "<script>'</body></html>'</script>"])).toBe(
      "<!DOCTYPE html><html><body><p>Café ✓</p><script>'</body></html>'</script></body></html>",
    );
  });
});
