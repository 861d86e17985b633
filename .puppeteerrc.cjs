/**
 * pa11y-ci drives Puppeteer; CI points it at the machine's Debian Chromium (scripts/pa11y.ts), so
 * `npm install` never downloads a browser of its own (docs/decisions: pa11y-ci).
 */
module.exports = { skipDownload: true };
