// Stands in for @faker-js/faker in the browser bundle (see singleBundles in docusaurus.config.ts).
// postman-collection, under the try-it panel, requires faker's English locale (about 1 MB) only to
// fill Postman's `{{$randomFirstName}}`-style variables, which no request of the portal contains.
// Every property of this stand-in, at any depth, is a function answering an empty string.
const handler = {
  get: (_target, name) => (name === '__esModule' ? false : stub),
  apply: () => '',
};
const stub = new Proxy(function fake() {}, handler);
module.exports = stub;
