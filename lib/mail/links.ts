/** Pure helpers for mail HTML, shared by the outbox viewer, integration tests and e2e tests. */

const anchorHref = /<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** The distinct href of every `<a>` in an HTML document, entity-decoded, in document order. */
export function extractLinks(html: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(anchorHref)) {
    const href = decodeEntities((match[1] ?? match[2] ?? match[3] ?? "").trim());
    if (href) links.add(href);
  }
  return [...links];
}

const namedEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] === "#") {
      const point = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return point <= 0x10ffff ? String.fromCodePoint(point) : entity;
    }
    return namedEntities[code.toLowerCase()] ?? entity;
  });
}
