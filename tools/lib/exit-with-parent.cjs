// Preloaded (`node --require`) into the Lipcast processes a test or `npm start` spawns: when the
// process that started it dies without stopping it (a Jest worker force-exited before its
// afterAll, the start driver killed), it ends too instead of running on beside what comes next.
// A dead parent shows as a new parent pid (init or a subreaper).
'use strict';
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(1);
}, 500).unref();
