import { describe, expect, it } from "vitest";
import { htmlToText, plainTextToHtml, sanitizeCampaignHtml } from "./campaigns.content";

describe("sanitizeCampaignHtml", () => {
  it("removes scripts and their bodies", () => {
    const out = sanitizeCampaignHtml('<p>Hola</p><script>alert("x")</script><SCRIPT src="https://evil.test/a.js"></SCRIPT>');
    expect(out).toBe("<p>Hola</p>");
  });

  it("removes every on* event handler", () => {
    const out = sanitizeCampaignHtml(
      '<p onclick="steal()">a</p><img src="https://x.test/a.png" onerror="steal()" onload=x alt="a">',
    );
    expect(out).not.toMatch(/on(click|error|load)/i);
    expect(out).toContain('<img src="https://x.test/a.png" alt="a" />');
  });

  it("removes javascript:, data: and vbscript: links, however they are spelled", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java&#x09;script:alert(1)",
      "data:text/html,<script>1</script>",
      "vbscript:x",
    ]) {
      const out = sanitizeCampaignHtml(`<a href="${href}">clic</a>`);
      expect(out, href).toBe("<a>clic</a>");
    }
  });

  it("drops iframes, forms, objects, styles and dangerous CSS", () => {
    const out = sanitizeCampaignHtml(
      '<iframe src="https://x.test"></iframe><form action="https://x.test"><input name="a"></form><object data="x"></object><style>p{}</style><p style="background-image:url(https://x.test/t.gif);color:red">t</p>',
    );
    expect(out).toBe('<p style="color:red">t</p>');
  });

  it("keeps the allowed formatting: headings, emphasis, lists, tables, links, images, inline styles", () => {
    const html =
      '<h1>Título</h1><p style="text-align:center">Hola <strong>Ana</strong> <em>y</em> <u>todos</u><br />ok</p><ul><li>uno</li></ul><table><tbody><tr><td>a</td></tr></tbody></table><a href="https://agency.test/x">link</a><a href="mailto:a@b.test">m</a><img src="https://agency.test/l.png" alt="logo" />';
    expect(sanitizeCampaignHtml(html)).toBe(html);
  });

  it("forces safe link targets", () => {
    expect(sanitizeCampaignHtml('<a href="https://a.test" target="_top" rel="opener">x</a>')).toBe(
      '<a href="https://a.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe("plainTextToHtml", () => {
  it("escapes markup and keeps line breaks and paragraphs", () => {
    expect(plainTextToHtml("Hola <b>Ana</b> & co\r\nsegunda línea\n\notro párrafo")).toBe(
      '<p style="margin:0 0 16px;line-height:1.5">Hola &lt;b&gt;Ana&lt;/b&gt; &amp; co<br>segunda línea</p><p style="margin:0 0 16px;line-height:1.5">otro párrafo</p>',
    );
  });
});

describe("htmlToText", () => {
  it("turns the sanitised HTML into readable text with links spelled out", () => {
    const html = sanitizeCampaignHtml(
      '<h2>Hola Ana</h2><p>Te esperamos en <strong>Casting &amp; Co</strong>.<br>Traé tu ficha.</p><ul><li>Uno</li><li>Dos</li></ul><p><a href="https://agency.test/a?x=1&amp;y=2">Ver mapa</a> o <a href="https://agency.test">https://agency.test</a></p>',
    );
    expect(htmlToText(html)).toBe(
      "Hola Ana\n\nTe esperamos en Casting & Co.\nTraé tu ficha.\n\n- Uno\n- Dos\n\nVer mapa (https://agency.test/a?x=1&y=2) o https://agency.test",
    );
  });

  it("never lets escaped text turn back into markup before it is text", () => {
    expect(htmlToText(sanitizeCampaignHtml("<p>1 &lt; 2 &amp;&amp; &lt;b&gt;</p>"))).toBe("1 < 2 && <b>");
  });
});
