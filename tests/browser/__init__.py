"""Browser tests: real people's view of pokerhall, in the system Chromium driven by Playwright."""
