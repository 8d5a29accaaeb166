//! Shared HTTP plumbing: the error body, extractors (keys, query/form/JSON/path), layers,
//! metrics, the operations routes and static files (portal, checkout). No API logic here.

pub mod auth;
pub mod auth_cache;
pub mod error;
pub mod extract;
pub mod layers;
pub mod listen;
pub mod metrics;
pub mod ops;
pub mod paths;
pub mod ratelimit;
pub mod readiness;
pub mod request_log;
pub mod serve;
pub mod state;
pub mod statics;
pub mod tail;
pub mod values;
