//! Payment brand connectors (DESIGN.md "Payment API decisions"): one trait that every brand
//! implements, so the checkout, the sandbox calls and refunds never know which brand they talk
//! to. Only the sandbox connector exists here; real brands plug in by implementing
//! [`Connector`] and being returned by [`Connectors::for_attempt`] for live payments.

mod sandbox;

pub use sandbox::{SANDBOX_REFUND_FAILURE_AMOUNT, SandboxConnector};

use crate::domain::payment::PaymentMethod;
use async_trait::async_trait;
use std::sync::Arc;

/// The attempt a connector works on.
#[derive(Clone, Debug)]
pub struct AttemptRef<'a> {
    pub token: &'a str,
    pub payment_number: &'a str,
    pub method: PaymentMethod,
    /// Whole yen, tip included.
    pub amount: i64,
    pub livemode: bool,
}

/// Where the customer completes the payment with the brand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrandPage {
    /// A same-origin path for the sandbox; a brand's own URL for real connectors.
    pub url: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ConnectorError {
    /// The brand refused the operation (a refund → result 2100).
    #[error("{0}")]
    Refused(String),
}

#[async_trait]
pub trait Connector: Send + Sync {
    /// A short name for logs.
    fn name(&self) -> &'static str;
    /// Starts paying `attempt` with the brand and answers where the customer goes.
    async fn begin(&self, attempt: &AttemptRef<'_>) -> Result<BrandPage, ConnectorError>;
    /// Refunds the paid `attempt` in full.
    async fn refund(&self, attempt: &AttemptRef<'_>) -> Result<(), ConnectorError>;
}

/// The connectors of this installation.
pub struct Connectors {
    sandbox: Arc<SandboxConnector>,
}

impl Default for Connectors {
    fn default() -> Self {
        Connectors {
            sandbox: Arc::new(SandboxConnector),
        }
    }
}

impl Connectors {
    /// The connector for a payment in `livemode` with `method`: the sandbox for test payments,
    /// none for live payments (no real brand is connected in this installation).
    pub fn for_attempt(
        &self,
        livemode: bool,
        _method: PaymentMethod,
    ) -> Option<Arc<dyn Connector>> {
        if livemode {
            None
        } else {
            Some(self.sandbox.clone())
        }
    }
}

/// The 409 message for a live payment with a brand that has no connector.
pub fn not_connected(method: PaymentMethod) -> String {
    format!(
        "{} is not connected for live payments in this installation",
        method.display_name()
    )
}
