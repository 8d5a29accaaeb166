//! Whole answers used as examples in the OpenAPI description (captured from a sandbox payment:
//! paypay with a 100 yen tip, and its `paid` event delivered on the second attempt).

use serde_json::{Value, json};

/// `GET /v3/predefined_payments?order_no=A-0001`.
pub fn payment_page() -> Value {
    json!({
        "count": 1,
        "data": [
            {
                "token": "q8W2nX4vT1bL7cZ0mK3pR5sY9dF6hJ2a",
                "amount": 1000,
                "amount_total": 1100,
                "amount_vas": 100,
                "associated_payments": [
                    {
                        "datetime": "2026-11-23T14:02:49.806Z",
                        "update_time": "2026-11-23T14:02:49.932Z",
                        "amount": 1100,
                        "history": [
                            {
                                "operation_time": "2026-11-23T14:02:49.806Z",
                                "status": 0
                            },
                            {
                                "operation_time": "2026-11-23T14:02:49.932Z",
                                "status": 10
                            }
                        ],
                        "id": 1,
                        "payment": "PAYPAY",
                        "payment_method": "paypay",
                        "payment_number": "4525874230008773",
                        "shop_number": "10000001",
                        "status": 10,
                        "type": "online",
                        "livemode": false
                    }
                ],
                "custom": null,
                "expires_after": null,
                "expired": false,
                "fulfilled": true,
                "invalidated": false,
                "order_no": "A-0001",
                "payment_method": "paypay",
                "payment_interface": "online_payment",
                "redirection_url": null,
                "shop_id": 1,
                "started": true,
                "tip_vas_enabled": true,
                "value_added_services": [
                    {
                        "comment": null,
                        "items": [
                            {
                                "amount": 100,
                                "name": "tip"
                            }
                        ],
                        "state": "applied",
                        "type": "tip",
                        "create_time": "2026-11-23T14:02:49.806Z",
                        "update_time": "2026-11-23T14:02:49.806Z"
                    }
                ],
                "create_time": "2026-11-23T14:02:45.618Z",
                "update_time": "2026-11-23T14:02:49.932Z",
                "createTime": 1795442565618_i64,
                "updateTime": 1795442569932_i64,
                "payment": "PAYPAY",
                "livemode": false
            }
        ],
        "offset": 0,
        "total": 1
    })
}

/// `GET /v3/webhook_events`.
pub fn webhook_event_page() -> Value {
    json!({
        "count": 1,
        "data": [
            {
                "id": "evt_3kT9xQ2mP7vL1sR8wZ4yB6nC",
                "payment_status": "paid",
                "token": "q8W2nX4vT1bL7cZ0mK3pR5sY9dF6hJ2a",
                "payment_number": "4525874230008773",
                "url": "https://shop.example/noren/webhook",
                "status": "delivered",
                "create_time": "2026-11-23T14:02:49.932Z",
                "next_attempt_time": null,
                "delivered_time": "2026-11-23T14:03:00.015Z",
                "body": {
                    "token": "q8W2nX4vT1bL7cZ0mK3pR5sY9dF6hJ2a",
                    "partner_order_no": "A-0001",
                    "payment_amount": 1100,
                    "payment_method": "paypay",
                    "payment_number": "4525874230008773",
                    "payment_status": "paid",
                    "payment_currency_info": null,
                    "livemode": false
                },
                "attempts": [
                    {
                        "attempt": 1,
                        "time": "2026-11-23T14:02:49.936Z",
                        "status_code": 503,
                        "duration_ms": 12,
                        "error": "answered 503 Service Unavailable"
                    },
                    {
                        "attempt": 2,
                        "time": "2026-11-23T14:02:59.961Z",
                        "status_code": 200,
                        "duration_ms": 9,
                        "error": null
                    }
                ]
            }
        ],
        "offset": 0,
        "total": 1
    })
}

/// `POST /v3/webhook_events/{id}/redeliver`: the delivered event of [`webhook_event_page`],
/// due again.
pub fn redelivered_event() -> Value {
    let mut event = webhook_event_page()["data"][0].take();
    event["status"] = json!("pending");
    event["next_attempt_time"] = json!("2026-11-24T09:00:00.000Z");
    event
}

/// `POST /v3/universal_payments/refund?payment_number=4525874230008773`: the paid attempt of
/// [`payment_page`], refunded.
pub fn refund_result() -> Value {
    let mut payment = payment_page()["data"][0]["associated_payments"][0].take();
    payment["status"] = json!(30);
    payment["update_time"] = json!("2026-11-24T09:30:12.345Z");
    if let Some(history) = payment["history"].as_array_mut() {
        history.push(json!({"operation_time": "2026-11-24T09:30:12.345Z", "status": 30}));
    }
    json!({"message": "refunded", "payment": payment, "result_code": 2000})
}
