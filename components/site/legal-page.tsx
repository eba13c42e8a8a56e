import { ChevronDown } from "lucide-react";
import Link from "next/link";
import { Fragment } from "react";

import { legalCrossLinks, legalLastUpdated, type LegalBlock, type LegalDocument } from "@/lib/site/legal";
import { cn } from "@/lib/utils";

import { PageHeader } from "./page-header";

/**
 * A legal document (privacy, terms, cookies, security): header with the date, a table of contents
 * (a collapsible list on narrow screens, a sticky column on wide ones) and numbered sections.
 * `actions` go under the header; `children` come after the introduction.
 */
export function LegalPage({
  document,
  actions,
  children,
}: {
  document: LegalDocument;
  actions?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const links = Object.entries(legalCrossLinks).filter(([, href]) => href !== document.path);

  return (
    <>
      <PageHeader eyebrow="Legal" title={document.title} description={document.description}>
        <p className="w-full text-sm text-muted-foreground">
          Last updated: <time dateTime={legalLastUpdated.iso}>{legalLastUpdated.label}</time>
        </p>
        {actions}
      </PageHeader>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-14">
        <details className="group rounded-xl border border-border bg-card/60 lg:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 py-3 text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none [&::-webkit-details-marker]:hidden">
            On this page
            <ChevronDown className="size-4 transition group-open:rotate-180" aria-hidden="true" />
          </summary>
          <TableOfContents document={document} className="border-t border-border px-4 py-3" />
        </details>

        <aside className="hidden lg:block">
          <div className="sticky top-24 max-h-[calc(100dvh-7rem)] overflow-y-auto pb-4">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">On this page</p>
            <TableOfContents document={document} className="mt-4" />
          </div>
        </aside>

        <article className="min-w-0">
          <div className="space-y-4 text-lg leading-relaxed text-pretty text-foreground/90">
            {document.intro.map((paragraph) => (
              <p key={paragraph}>
                <RichText text={paragraph} links={links} />
              </p>
            ))}
          </div>
          {children && <div className="mt-10">{children}</div>}
          <ol className="mt-12 space-y-12">
            {document.sections.map((section, index) => (
              <li key={section.id}>
                <section aria-labelledby={section.id}>
                  <h2 id={section.id} className="scroll-mt-24 text-xl font-semibold tracking-tight sm:text-2xl">
                    <span className="mr-2 font-mono text-base text-primary">{index + 1}.</span>
                    {section.heading}
                  </h2>
                  <div className="mt-4 space-y-4 leading-relaxed text-muted-foreground">
                    {section.content.map((block, blockIndex) => (
                      <Block key={blockIndex} block={block} links={links} />
                    ))}
                  </div>
                </section>
              </li>
            ))}
          </ol>
        </article>
      </div>
    </>
  );
}

function TableOfContents({ document, className }: { document: LegalDocument; className?: string }) {
  return (
    <nav aria-label="Table of contents" className={className}>
      <ol className="space-y-1 text-sm">
        {document.sections.map((section, index) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="flex gap-2 rounded-md py-1 text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <span className="w-5 shrink-0 text-right font-mono text-xs leading-5 text-muted-foreground">
                {index + 1}.
              </span>
              <span>{section.heading}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

type CrossLinks = [phrase: string, href: string][];

function Block({ block, links }: { block: LegalBlock; links: CrossLinks }) {
  if (typeof block === "string") {
    return (
      <p>
        <RichText text={block} links={links} />
      </p>
    );
  }
  if ("list" in block) {
    return (
      <ul className="space-y-2 pl-5 marker:text-primary [&>li]:list-disc [&>li]:pl-1">
        {block.list.map((item) => (
          <li key={item}>
            <RichText text={item} links={links} />
          </li>
        ))}
      </ul>
    );
  }
  const { caption, columns, rows } = block.table;
  return (
    <div className="rounded-xl border border-border bg-card/40">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="max-sm:sr-only">
          <tr className="border-b border-border">
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-medium text-foreground">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]} className="border-b border-border last:border-0 max-sm:block max-sm:px-4 max-sm:py-3">
              {row.map((cell, cellIndex) => (
                <td
                  key={cellIndex}
                  data-label={columns[cellIndex]}
                  className={cn(
                    "px-4 py-3 align-top",
                    "max-sm:flex max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:before:w-20 max-sm:before:shrink-0 max-sm:before:font-medium max-sm:before:text-foreground max-sm:before:content-[attr(data-label)]",
                    cellIndex === 0 && "font-mono text-xs break-all text-foreground sm:whitespace-nowrap",
                  )}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const emailPattern = /[\w.+-]+@[\w-]+\.[\w.]+[\w]/;

/** Plain text with email addresses and mentions of the other legal pages turned into links. */
function RichText({ text, links }: { text: string; links: CrossLinks }) {
  const phrases = links.map(([phrase]) => phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(`(${[emailPattern.source, ...phrases].join("|")})`, "g");
  const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

  return text.split(pattern).map((part, index) => {
    if (index % 2 === 0) return <Fragment key={index}>{part}</Fragment>;
    const href = links.find(([phrase]) => phrase === part)?.[1];
    return href ? (
      <Link key={index} href={href} className={linkClass}>
        {part}
      </Link>
    ) : (
      <a key={index} href={`mailto:${part}`} className={linkClass}>
        {part}
      </a>
    );
  });
}
