//! The `webhooks` entry of a spec: an event Noren POSTs, signed, with its delivery headers
//! (`Noren-Event-Id`, `Noren-Delivery-Attempt`, `Noren-Signature`) and the signature documented
//! as a security scheme. The payment spec (merchant webhooks) and the inbound spec (platform
//! notifications) differ only in the values of a [`SignedWebhook`].

use utoipa::openapi::path::{
    HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn, PathItem,
};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{ContentBuilder, OpenApi, PathsBuilder, Ref, Required, ResponseBuilder};

/// One signed event kind, added to a spec's `webhooks` as a `utoipa::Modify`.
pub struct SignedWebhook {
    /// The webhook's name and operation id.
    pub name: &'static str,
    pub summary: &'static str,
    pub description: &'static str,
    pub tag: &'static str,
    /// The component schema of the body.
    pub body: &'static str,
    /// The example of `Noren-Event-Id`.
    pub event_id_example: &'static str,
    /// The example of `Noren-Event-Type`.
    pub event_type_example: &'static str,
    /// The security scheme that documents `Noren-Signature`, and its description.
    pub scheme: &'static str,
    pub scheme_description: &'static str,
}

impl utoipa::Modify for SignedWebhook {
    fn modify(&self, openapi: &mut OpenApi) {
        let header = |name: &str, description: &str, example: serde_json::Value| {
            ParameterBuilder::new()
                .name(name)
                .parameter_in(ParameterIn::Header)
                .required(Required::True)
                .description(Some(description))
                .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
                .example(Some(example))
                .build()
        };
        let operation = OperationBuilder::new()
            .operation_id(Some(self.name))
            .summary(Some(self.summary))
            .description(Some(self.description))
            .tag(self.tag)
            .security(SecurityRequirement::new(self.scheme, Vec::<String>::new()))
            .parameter(header(
                "webhook-id",
                "Standard Webhooks: the event's id, the same on every attempt and to every endpoint (equal to `Noren-Event-Id`).",
                serde_json::json!(self.event_id_example),
            ))
            .parameter(header(
                "webhook-timestamp",
                "Standard Webhooks: when this attempt was signed, in Unix seconds.",
                serde_json::json!("1795430400"),
            ))
            .parameter(header(
                "webhook-signature",
                "Standard Webhooks: `v1,<base64 HMAC-SHA256 of \"id.timestamp.body\">`, keyed with the base64-decoded part of the secret after `whsec_`; two, separated by a space, during a secret rotation. Verify it with an official `standardwebhooks` library.",
                serde_json::json!("v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4="),
            ))
            .parameter(header(
                "Noren-Event-Type",
                "The event type (`payment.paid`, `reservation.confirmed`, …), as webhook endpoints subscribe to it.",
                serde_json::json!(self.event_type_example),
            ))
            .parameter(header(
                "Noren-Event-Id",
                "The event's id, the same on every attempt: drop repeats by it.",
                serde_json::json!(self.event_id_example),
            ))
            .parameter(header(
                "Noren-Delivery-Attempt",
                "1 for the first delivery, up to 11.",
                serde_json::json!("1"),
            ))
            .parameter(header(
                "Noren-Signature",
                "`t=<unix seconds>,v1=<hex HMAC-SHA256 of \"t.body\">` (two `v1` during a secret rotation).",
                serde_json::json!(
                    "t=1795430400,v1=62e0b8b11b9b426dfb3cb6a2e1e1c61dd123f1e4078adfa12923d93b94da6627"
                ),
            ))
            .request_body(Some(
                RequestBodyBuilder::new()
                    .required(Some(Required::True))
                    .content(
                        "application/json",
                        ContentBuilder::new()
                            .schema(Some(Ref::from_schema_name(self.body)))
                            .build(),
                    )
                    .build(),
            ))
            .response(
                "2XX",
                ResponseBuilder::new()
                    .description("Received. Any 2xx within 10 seconds counts; the body is ignored."),
            )
            .build();
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            self.scheme,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "Noren-Signature",
                self.scheme_description,
            ))),
        );
        openapi.webhooks = Some(
            PathsBuilder::new()
                .path(self.name, PathItem::new(HttpMethod::Post, operation))
                .build(),
        );
    }
}
