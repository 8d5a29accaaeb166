//! The mini-program charge (seed 000 §3 "Mini-program charge", §7): a WeChat mini-program pays
//! a predefined payment in place. The handler extracts and maps; the checks, the attempt and
//! the signature are `pay::service::miniprogram::charge`'s.

use crate::service::miniprogram::{self, SignedCharge};
use axum::extract::State;
use noren_core::http::error::{ApiError, ErrorBody};
use noren_core::http::extract::{Json, Path};
use noren_core::http::state::AppState;
use noren_core::http::values::{Text, Values};
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

/// What the mini-program passes to `wx.requestPayment`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Charge {
    #[serde(rename = "timeStamp")]
    #[schema(example = "1795430400")]
    pub time_stamp: String,
    #[serde(rename = "nonceStr")]
    #[schema(example = "5K8264ILTKCH16CQ2502SI8ZNMTM67VS")]
    pub nonce_str: String,
    #[schema(example = "prepay_id=sbx_4829301746502918")]
    pub package: String,
    #[serde(rename = "signType")]
    #[schema(example = "HMAC-SHA256")]
    pub sign_type: String,
    /// Uppercase hex HMAC-SHA256 of `appId=…&nonceStr=…&package=…&signType=…&timeStamp=…`,
    /// keyed with the shop's mini-program key of the payment's mode (`mpk_test_…`/`mpk_live_…`,
    /// printed by `noren miniprogram-app add`; not the webhook secret).
    #[serde(rename = "paySign")]
    pub pay_sign: String,
}

/// The answer of the mini-program call.
#[derive(Debug, Serialize, ToSchema)]
pub struct MiniProgramCharge {
    pub charge: Charge,
    /// The attempt's id.
    pub id: i64,
    /// The attempt's payment number.
    #[schema(pattern = "^[1-9][0-9]{15}$", example = "4829301746502918")]
    pub number: String,
    /// The provider.
    #[schema(example = "WECHATPAY")]
    pub payment: String,
}

/// Longest `openid`.
pub const OPENID_MAX: usize = 128;
/// A customer's openid in a mini-program.
pub type OpenId = Text<OPENID_MAX>;
/// Longest `appid`.
pub const APPID_MAX: usize = 64;
/// A mini-program's app id.
pub type AppId = Text<APPID_MAX>;

/// Values of the mini-program call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MiniProgramValues {
    /// The customer's openid in the mini-program.
    #[param(inline)]
    openid: OpenId,
    /// The mini-program's app id, registered for the shop.
    #[param(inline, example = "wxd930ea5d5a258f4f")]
    appid: AppId,
}

/// Charge from a mini-program
///
/// Starts a wechatpay attempt for the payment from a WeChat mini-program and answers the
/// parameters of `wx.requestPayment`. `{number}` is the shop's number and must be the payment's
/// shop; `appid` must be registered for that shop. In the sandbox, approve the attempt with
/// `POST /sandbox/payments/{payment_number}/approve`.
#[utoipa::path(
    post,
    path = "/v3/predefined_payments/{token}/{number}/wechatpay",
    operation_id = "miniprogram_wechatpay",
    tag = "Mini-program",
    security(()),
    params(
        ("token" = String, Path, description = "The payment's token.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("number" = String, Path, description = "The shop's number.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        MiniProgramValues
    ),
    responses(
        (status = 200, description = "The charge for `wx.requestPayment`.", body = MiniProgramCharge,
            links(
                ("ApproveInSandbox" = (operation_id = "sandbox_approve", parameters(("path.payment_number" = "$response.body#/number")),
                    description = "Pay the attempt in the sandbox.")),
                ("DeclineInSandbox" = (operation_id = "sandbox_decline", parameters(("path.payment_number" = "$response.body#/number")),
                    description = "Decline the attempt in the sandbox."))
            )),
        (status = 400, description = "A value is missing, or the app id is not registered for the shop.", body = ErrorBody,
            example = json!({"code": "client", "message": "app id not found"})),
        (status = 404, description = "No such payment for this shop.", body = ErrorBody),
        (status = 409, description = "The payment is paid, expired or invalidated, or wechatpay is not offered.", body = ErrorBody),
    )
)]
pub async fn wechatpay(
    State(state): State<AppState>,
    Path((token, number)): Path<(String, String)>,
    values: MiniProgramValues,
) -> Result<Json<MiniProgramCharge>, ApiError> {
    // The sandbox has no use for the customer's openid; a WeChat connector passes it on.
    let MiniProgramValues {
        openid: _openid,
        appid,
    } = values;
    let SignedCharge {
        attempt,
        time_stamp,
        nonce_str,
        package,
        sign_type,
        pay_sign,
    } = miniprogram::charge(&state, &token, &number, appid.as_str()).await?;
    Ok(Json(MiniProgramCharge {
        charge: Charge {
            time_stamp,
            nonce_str,
            package,
            sign_type,
            pay_sign,
        },
        id: attempt.id,
        number: attempt.payment_number,
        payment: miniprogram::METHOD.provider().to_string(),
    }))
}
