// A webhook receiver that verifies every delivery with the official Standard Webhooks library
// for Node (`standardwebhooks` on npm), as an integrator's server would. Run by
// clients/webhooks_flow.py:
//
//   node receiver.mjs            listens on 127.0.0.1 and an ephemeral port, prints "listening PORT"
//
//   PUT  /secrets/NAME           the body is the secret that verifies deliveries to /hooks/NAME
//   POST /hooks/NAME             a delivery: verified on the raw body, answered 204, or 400 when
//                                the signature does not verify
//   GET  /results                {"NAME": {"verified": [{id, type, body}], "failed": [reason]}}
import http from 'node:http';
import { Webhook } from 'standardwebhooks';

const secrets = new Map();
const results = {};

function read(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const server = http.createServer(async (req, res) => {
  const body = await read(req);
  const [, kind, name] = req.url.split('/');
  if (req.method === 'PUT' && kind === 'secrets') {
    secrets.set(name, body.trim());
    res.writeHead(204).end();
    return;
  }
  if (req.method === 'GET' && kind === 'results') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(results));
    return;
  }
  if (req.method === 'POST' && kind === 'hooks') {
    const got = (results[name] ??= { verified: [], failed: [] });
    try {
      const event = new Webhook(secrets.get(name)).verify(body, req.headers);
      got.verified.push({ id: req.headers['webhook-id'], type: req.headers['noren-event-type'], body: event });
      res.writeHead(204).end();
    } catch (e) {
      got.failed.push(String(e.message ?? e));
      res.writeHead(400).end('signature does not verify');
    }
    return;
  }
  res.writeHead(404).end();
});

server.listen(0, '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
