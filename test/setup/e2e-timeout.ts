// A browser journey waits on real pages, a real worker and real timers: on a busy 2-core machine a
// test that takes 20 s alone can take a minute. Three minutes before one is called stuck; files
// with longer journeys set their own.
jest.setTimeout(180_000);
