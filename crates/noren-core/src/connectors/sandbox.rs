//! The sandbox connector: every brand, simulated. The customer approves or declines on the
//! checkout's sandbox brand page (or the merchant does it headlessly with
//! `POST /sandbox/payments/{payment_number}/approve|decline`); refunds succeed, except for
//! payments of [`SANDBOX_REFUND_FAILURE_AMOUNT`] yen, whose refunds the "brand" refuses so that
//! integrations can test result 2100.

use super::{AttemptRef, BrandPage, Connector, ConnectorError};
use async_trait::async_trait;

/// Refunds of sandbox payments of exactly this many yen fail (result 2100).
pub const SANDBOX_REFUND_FAILURE_AMOUNT: i64 = 2100;

pub struct SandboxConnector;

#[async_trait]
impl Connector for SandboxConnector {
    fn name(&self) -> &'static str {
        "sandbox"
    }

    async fn begin(&self, attempt: &AttemptRef<'_>) -> Result<BrandPage, ConnectorError> {
        Ok(BrandPage {
            url: format!("/checkout/{}/pay/{}", attempt.token, attempt.payment_number),
        })
    }

    async fn refund(&self, attempt: &AttemptRef<'_>) -> Result<(), ConnectorError> {
        if attempt.amount == SANDBOX_REFUND_FAILURE_AMOUNT {
            return Err(ConnectorError::Refused(format!(
                "the sandbox brand refuses refunds of {SANDBOX_REFUND_FAILURE_AMOUNT} yen payments"
            )));
        }
        Ok(())
    }
}
