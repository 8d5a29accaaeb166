// Stands in for @docusaurus/theme-classic/lib/prism-include-languages.js (see prismOnDemand in
// docusaurus.config.ts): nothing to do at start-up.
export {};
