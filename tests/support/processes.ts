/** Whether the process `pid` is still running (signal 0 reaches it). */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
