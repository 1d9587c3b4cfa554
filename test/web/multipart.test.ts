/**
 * An upload read straight into shared memory (src/web/multipart.ts): the files as ranges of one buffer, the other
 * fields as text, what a browser's FormData sends (quoted names, several files, an empty file input), and bodies
 * that are no multipart, cut short, or too large.
 */
import { describe, expect, test } from "bun:test";
import { boundaryOf, MultipartError, readMultipart } from "../../src/web/multipart.ts";

const tooLarge = () => new Error("too large");
const bytesOf = (f: { bytes: { buffer: SharedArrayBuffer; offset: number; length: number } }) => new TextDecoder().decode(new Uint8Array(f.bytes.buffer, f.bytes.offset, f.bytes.length));
/** A request as fetch would send this FormData (its own boundary, Content-Length). */
const requestOf = (form: FormData) => new Request("http://x/", { method: "POST", body: form });

describe("readMultipart", () => {
  test("files (also two, an empty one, a name with quotes and non-ASCII) as ranges of one shared buffer; the other fields as text", async () => {
    const form = new FormData();
    form.append("account", "Konto «Haushalt»");
    form.append("file", new File(["Date;Amount\n2026-01-01;-1.00\n"], 'jan "2026".csv'));
    form.append("file", new File(["Datum;Betrag\r\n01.02.2026;-2,00\r\n"], "Februar-Käse.csv"));
    form.append("file", new File([], ""));
    const { files, fields } = await readMultipart(requestOf(form), 1 << 20, tooLarge);
    expect(fields).toEqual({ account: "Konto «Haushalt»" });
    expect(files.map((f) => [f.field, f.name, bytesOf(f)])).toEqual([
      ["file", 'jan "2026".csv', "Date;Amount\n2026-01-01;-1.00\n"],
      ["file", "Februar-Käse.csv", "Datum;Betrag\r\n01.02.2026;-2,00\r\n"],
      ["file", "", ""],
    ]);
    // One buffer for the body: the files are ranges of it, not copies.
    expect(files[0]!.bytes.buffer).toBe(files[1]!.bytes.buffer);
    expect(files[0]!.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  test("a body larger than allowed is refused as it arrives; one that is no multipart, or cut short, is a MultipartError", async () => {
    const form = new FormData();
    form.append("file", new File(["x".repeat(5000)], "big.csv"));
    expect(readMultipart(requestOf(form), 1000, tooLarge)).rejects.toThrow("too large");
    const plain = new Request("http://x/", { method: "POST", body: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(readMultipart(plain, 1000, tooLarge)).rejects.toBeInstanceOf(MultipartError);
    const cut = new Request("http://x/", {
      method: "POST",
      body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nDate;Amount\n2026',
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    expect(readMultipart(cut, 1000, tooLarge)).rejects.toThrow("The upload's body ends inside a part (was it cut short?).");
  });

  test("the boundary of a content type, quoted or not", () => {
    expect(boundaryOf("multipart/form-data; boundary=----x1")).toBe("----x1");
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(boundaryOf("application/json")).toBe(null);
    expect(boundaryOf(undefined)).toBe(null);
  });
});
