"""A webhook receiver for the contract run: answers 200 to every POST, prints its address."""

import http.server


class Ok(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Ok)
print(f"http://127.0.0.1:{server.server_address[1]}/webhook", flush=True)
server.serve_forever()
