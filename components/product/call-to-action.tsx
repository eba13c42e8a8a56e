/** The closing band of a product page: an h2, a line of copy and its buttons. */
export function CallToAction({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <section className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
      <div className="relative isolate overflow-hidden rounded-2xl border border-primary/30 bg-card/60 px-6 py-12 text-center sm:px-12">
        <div
          aria-hidden="true"
          className="absolute top-1/2 left-1/2 -z-10 h-64 w-[36rem] max-w-full -translate-x-1/2 -translate-y-1/2 glow"
        />
        <h2 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{title}</h2>
        <p className="mx-auto mt-3 max-w-xl text-pretty text-muted-foreground">{description}</p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}
