// Preloaded into the service by `BENCH_PROFILE=1` (`--import`): V8's sampling heap profiler over the
// whole run, objects that collections freed included, so the profile is what the service
// allocated, not what it still held. At exit it writes the profile and the number of requests the
// service began to BENCH_HEAP_PROFILE_FILE.
import diagnostics from 'node:diagnostics_channel';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const file = process.env.BENCH_HEAP_PROFILE_FILE;
if (file) {
  let requests = 0;
  diagnostics.subscribe('http.server.request.start', () => requests++);
  const session = new Session();
  session.connect();
  // One sample per 4 KiB allocated on average; the profile scales each sample to its share.
  session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  // An in-process session answers synchronously, so the profile is written before the process ends.
  process.on('exit', () => {
    session.post('HeapProfiler.stopSampling', (error, result) => {
      if (error) return;
      mkdirSync(path.dirname(file), { recursive: true }); // --cpu-prof makes the folder only after this
      writeFileSync(file, JSON.stringify({ requests, profile: result.profile }));
    });
  });
}
