export default function Loading() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading the database">
      <div className="h-36 animate-pulse rounded-xl bg-card/60" />
      <div className="h-20 animate-pulse rounded-xl bg-card/60" />
      <div className="grid gap-3">
        <div className="h-9 w-full max-w-sm animate-pulse rounded-md bg-card/60" />
        <div className="h-72 animate-pulse rounded-xl bg-card/60" />
      </div>
    </div>
  );
}
