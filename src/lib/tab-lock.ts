/**
 * Work that two tabs of the site must not do at the same time, such as spending the refresh
 * cookie they share: one tab at a time holds the named lock (Web Locks API). Where the API is
 * missing, the work simply runs.
 */
export async function withTabLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  return await locks.request(name, work);
}
