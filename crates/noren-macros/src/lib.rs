//! `#[derive(Values)]`: makes a call's values struct its own extractor and validator, beside
//! `#[derive(utoipa::IntoParams)]` on the same struct, which makes it the call's OpenAPI
//! parameters. The guide is in `noren_core::http::values`; this crate only writes the code that a
//! struct's fields imply (the list of names, one read per field, the `FromRequest` impl).
//!
//! Why a derive and not a `macro_rules!` wrapper: the names a call takes are its fields' names
//! after `#[param(rename = "…")]`, `#[serde(rename = "…")]` and
//! `#[into_params(rename_all = "camelCase")]` (the ordering API's `extraParams`, `performAt`).
//! Reading those attributes among arbitrary others (`example = json!(…)`, `inline`) and turning
//! `perform_at` into `performAt` at compile time is a few lines with `syn` and beyond what a
//! `macro_rules!` pattern can match robustly; the derive also leaves the struct as written, so
//! rustfmt and rust-analyzer see an ordinary struct.

use proc_macro::TokenStream;
use proc_macro2::Span;
use quote::quote;
use syn::parse::ParseStream;
use syn::{
    Attribute, Data, DeriveInput, Error, Fields, GenericArgument, LitStr, PathArguments, Type,
    parse_macro_input,
};

/// Derives `noren_core::http::values::FromValues` and axum's `FromRequest` for a struct whose fields
/// are `noren_core::http::values::Value` types (`Option<T>` for an optional value). The struct also
/// derives `utoipa::IntoParams` (query values, form bodies) or `utoipa::ToSchema` (a JSON body).
///
/// Container attributes: `#[values(body = "form" | "json" | "form_or_json")]` (which request
/// bodies the call takes besides query values; default `"form"`) and
/// `#[values(check = path::to::fn)]` (a `fn(&mut Reader)` run after the fields are read, for
/// rules that involve several values), and `#[values(crate = "path")]`, the crate that holds
/// `http::values` and `http::error` as the generated code names them (default
/// [`DEFAULT_CRATE`]; as serde's `#[serde(crate = "…")]`). Names follow the same
/// `rename`/`rename_all` attributes as `IntoParams` and serde.
#[proc_macro_derive(Values, attributes(values, param, into_params, schema, serde))]
pub fn derive_values(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match expand(&input) {
        Ok(tokens) => tokens.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// The crate whose `http::values` and `http::error` the generated code names unless a struct
/// says `#[values(crate = "…")]`.
const DEFAULT_CRATE: &str = "::noren_core";

struct Container {
    body: proc_macro2::TokenStream,
    krate: syn::Path,
    check: Option<syn::Path>,
    rename_all: Option<(String, Span)>,
}

fn expand(input: &DeriveInput) -> Result<proc_macro2::TokenStream, Error> {
    let name = &input.ident;
    if !input.generics.params.is_empty() {
        return Err(Error::new_spanned(
            &input.generics,
            "a values struct takes no generic parameters",
        ));
    }
    let Data::Struct(data) = &input.data else {
        return Err(Error::new_spanned(name, "Values is derived for structs"));
    };
    let Fields::Named(fields) = &data.fields else {
        return Err(Error::new_spanned(
            name,
            "Values needs a struct with named fields",
        ));
    };
    let container = container(&input.attrs)?;
    let mut names = Vec::new();
    let mut reads = Vec::new();
    let mut idents = Vec::new();
    for field in &fields.named {
        let Some(ident) = &field.ident else {
            continue;
        };
        let (rename, inline) = field_param(&field.attrs)?;
        let value_type = option_inner(&field.ty).unwrap_or(&field.ty);
        if !inline && !is_primitive(value_type) {
            return Err(Error::new_spanned(
                value_type,
                "add `#[param(inline)]` (or `#[schema(inline)]` for a JSON body's `ToSchema`): \
                 the spec then shows this value type's own schema (its bounds) instead of a \
                 `$ref` to a component that does not exist",
            ));
        }
        let plain = ident.to_string();
        let plain = plain.strip_prefix("r#").unwrap_or(&plain).to_string();
        let wire = match (rename, &container.rename_all) {
            (Some(r), _) => r,
            (None, Some((rule, span))) => rename_all(&plain, rule, *span)?,
            (None, None) => plain,
        };
        let read = match option_inner(&field.ty) {
            Some(inner) => quote! { r.optional::<#inner>(#wire) },
            None => {
                let ty = &field.ty;
                quote! { r.required::<#ty>(#wire) }
            }
        };
        reads.push(quote! { let #ident = #read; });
        names.push(wire);
        idents.push(ident.clone());
    }
    let body = &container.body;
    let check = container.check.as_ref().map(|path| quote! { #path(r); });
    let krate = &container.krate;
    let values = quote! { #krate::http::values };
    Ok(quote! {
        impl #values::FromValues for #name {
            const NAMES: &'static [&'static str] = &[#(#names),*];
            const BODY: #values::Body = #values::Body::#body;

            fn read(r: &mut #values::Reader<'_>) -> ::core::option::Option<Self> {
                #(#reads)*
                #check
                ::core::option::Option::Some(Self { #(#idents: #idents?,)* })
            }
        }

        impl<S: ::core::marker::Send + ::core::marker::Sync>
            #values::__private::FromRequest<S> for #name
        {
            type Rejection = #krate::http::error::ApiError;

            async fn from_request(
                req: #values::__private::Request,
                state: &S,
            ) -> ::core::result::Result<Self, Self::Rejection> {
                #values::extract::<Self, S>(req, state).await
            }
        }
    })
}

fn container(attrs: &[Attribute]) -> Result<Container, Error> {
    let mut out = Container {
        body: quote! { Form },
        krate: syn::parse_str(DEFAULT_CRATE)?,
        check: None,
        rename_all: None,
    };
    for attr in attrs {
        if attr.path().is_ident("values") {
            attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("body") {
                    let lit: LitStr = meta.value()?.parse()?;
                    out.body = match lit.value().as_str() {
                        "form" => quote! { Form },
                        "json" => quote! { Json },
                        "form_or_json" => quote! { FormOrJson },
                        _ => {
                            return Err(Error::new_spanned(
                                lit,
                                "body is \"form\", \"json\" or \"form_or_json\"",
                            ));
                        }
                    };
                    Ok(())
                } else if meta.path.is_ident("check") {
                    out.check = Some(meta.value()?.parse()?);
                    Ok(())
                } else if meta.path.is_ident("crate") {
                    let lit: LitStr = meta.value()?.parse()?;
                    out.krate = lit.parse()?;
                    Ok(())
                } else {
                    Err(meta.error("expected `body = \"…\"`, `check = path` or `crate = \"path\"`"))
                }
            })?;
        } else if ["into_params", "schema", "serde"]
            .iter()
            .any(|name| attr.path().is_ident(name))
        {
            attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("rename_all") {
                    let lit: LitStr = meta.value()?.parse()?;
                    out.rename_all = Some((lit.value(), lit.span()));
                    Ok(())
                } else {
                    skip(meta.input)
                }
            })?;
        }
    }
    Ok(out)
}

/// A field's `#[param(rename = "…")]`, `#[schema(rename = "…")]` or `#[serde(rename = "…")]`
/// (serde's wins, as in utoipa),
/// and whether `#[param(inline)]` (or `#[schema(inline)]`) is set.
fn field_param(attrs: &[Attribute]) -> Result<(Option<String>, bool), Error> {
    let mut param = None;
    let mut serde = None;
    let mut inline = false;
    for attr in attrs {
        let slot = if attr.path().is_ident("param") {
            &mut param
        } else if attr.path().is_ident("serde") {
            &mut serde
        } else if attr.path().is_ident("schema") {
            &mut param
        } else {
            continue;
        };
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename") {
                let lit: LitStr = meta.value()?.parse()?;
                *slot = Some(lit.value());
                Ok(())
            } else {
                if meta.path.is_ident("inline") && !meta.input.peek(syn::Token![=]) {
                    inline = true;
                }
                skip(meta.input)
            }
        })?;
    }
    Ok((serde.or(param), inline))
}

/// Types utoipa writes in place by itself (the rest need `#[param(inline)]`).
fn is_primitive(ty: &Type) -> bool {
    let Type::Path(path) = ty else {
        return false;
    };
    path.qself.is_none()
        && path.path.segments.len() == 1
        && [
            "bool", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "String",
        ]
        .iter()
        .any(|p| path.path.is_ident(p))
}

/// Steps over an attribute item this derive does not read: `name`, `name = expr`, `name(…)`.
fn skip(input: ParseStream) -> Result<(), Error> {
    if input.peek(syn::Token![=]) {
        input.parse::<syn::Token![=]>()?;
        input.parse::<syn::Expr>()?;
    } else if input.peek(syn::token::Paren) {
        let content;
        syn::parenthesized!(content in input);
        content.parse::<proc_macro2::TokenStream>()?;
    }
    Ok(())
}

/// `T` when the type is written `Option<T>` (as utoipa decides `required`).
fn option_inner(ty: &Type) -> Option<&Type> {
    let Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first()? {
        GenericArgument::Type(inner) if args.args.len() == 1 => Some(inner),
        _ => None,
    }
}

/// serde's `rename_all` rules, applied to a snake_case field name.
fn rename_all(field: &str, rule: &str, span: Span) -> Result<String, Error> {
    let words: Vec<&str> = field.split('_').filter(|w| !w.is_empty()).collect();
    let capitalised = |w: &str| {
        let mut chars = w.chars();
        chars
            .next()
            .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
            .unwrap_or_default()
    };
    Ok(match rule {
        "lowercase" | "snake_case" => field.to_string(),
        "UPPERCASE" | "SCREAMING_SNAKE_CASE" => field.to_ascii_uppercase(),
        "kebab-case" => field.replace('_', "-"),
        "SCREAMING-KEBAB-CASE" => field.replace('_', "-").to_ascii_uppercase(),
        "PascalCase" => words.iter().map(|w| capitalised(w)).collect(),
        "camelCase" => {
            let mut out = words.first().map(|w| w.to_string()).unwrap_or_default();
            out.extend(words.iter().skip(1).map(|w| capitalised(w)));
            out
        }
        _ => {
            return Err(Error::new(
                span,
                format!("unknown rename_all rule {rule:?}"),
            ));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rename_rules_match_serde() {
        let s = Span::call_site();
        assert_eq!(
            rename_all("perform_at", "camelCase", s).expect("rule"),
            "performAt"
        );
        assert_eq!(
            rename_all("extra_params", "PascalCase", s).expect("rule"),
            "ExtraParams"
        );
        assert_eq!(
            rename_all("dry_run", "kebab-case", s).expect("rule"),
            "dry-run"
        );
        assert!(rename_all("x", "Camel", s).is_err());
    }
}
