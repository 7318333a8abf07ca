export function ProfileSkeleton() {
  return (
    <div className="grid animate-pulse gap-6 lg:grid-cols-2" aria-hidden="true">
      <div className="h-64 rounded-2xl bg-slate-200/70" />
      <div className="h-80 rounded-2xl bg-slate-200/70" />
    </div>
  );
}
