/** A static editor window showing the kind of code Cipher writes. */
export function CodeWindow({ code, filename }: { code: string; filename: string }) {
  return (
    <figure className="overflow-hidden rounded-xl border border-border bg-[oklch(0.13_0.02_275)] shadow-2xl">
      <figcaption className="flex items-center gap-2 border-b border-border px-4 py-2.5">
        <span className="size-3 rounded-full bg-[#ff5f57]" aria-hidden="true" />
        <span className="size-3 rounded-full bg-[#febc2e]" aria-hidden="true" />
        <span className="size-3 rounded-full bg-[#28c840]" aria-hidden="true" />
        <span className="ml-2 font-mono text-xs text-muted-foreground">{filename}</span>
      </figcaption>
      <pre
        tabIndex={0}
        className="overflow-x-auto p-4 font-mono text-[12.5px] leading-relaxed text-[oklch(0.88_0.03_275)]"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
