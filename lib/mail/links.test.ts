import { describe, expect, it } from "vitest";

import { extractLinks } from "./links";

describe("extractLinks", () => {
  it("returns every anchor's href once, in document order, with entities decoded", () => {
    const html = `
      <p>Intro <a href="https://cipher.dev/confirm?token=abc&amp;next=%2Fdashboard" style="color:#6d5df5">Confirm</a></p>
      <a class="x" href='http://localhost:3000/unsubscribe?id=1&#x27;2'>Unsubscribe</a>
      <A HREF=mailto:support@cipher.dev>Mail us</A>
      <a href="https://cipher.dev/confirm?token=abc&amp;next=%2Fdashboard">again</a>
    `;
    expect(extractLinks(html)).toEqual([
      "https://cipher.dev/confirm?token=abc&next=%2Fdashboard",
      "http://localhost:3000/unsubscribe?id=1'2",
      "mailto:support@cipher.dev",
    ]);
  });

  it("ignores anchors without an href, other tags' URLs and look-alike attributes", () => {
    const html = `
      <a name="top">Top</a>
      <img src="https://cipher.dev/logo.png" alt="">
      <link href="https://cipher.dev/style.css" rel="stylesheet">
      <a data-href="https://nope.example" href="https://cipher.dev/ok">ok</a>
      <a href="">empty</a>
    `;
    expect(extractLinks(html)).toEqual(["https://cipher.dev/ok"]);
  });

  it("returns nothing for text without links", () => {
    expect(extractLinks("Plain https://cipher.dev text")).toEqual([]);
  });
});
