//! Legal persons, shops, shop devices, merchant API keys, inbound platforms and partner keys.

use super::SelectFirst;
use crate::db::entities::{
    api_key, inbound_platform, legal_person, partner_key, shop, shop_device,
};
use crate::db::repo::is_unique_violation;
use crate::domain::keys::{
    KeyHash, MerchantFamily, MerchantKey, Mode, NewKey, PartnerFamily, PartnerKey,
};
use crate::domain::lang::Lang;
use chrono::{DateTime, NaiveDate, Utc};
use rand::Rng;
use sea_orm::QueryTrait;
use sea_orm::sea_query::{Expr, IntoIden};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, FromQueryResult,
    IdenStatic, Iterable, JoinType, QueryFilter, QueryResult, QuerySelect, Select, Set,
};

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// A referenced record does not exist (the operator gave a wrong id).
    #[error("{0} not found")]
    NotFound(&'static str),
    /// A unique value is already taken.
    #[error("{0}")]
    Conflict(String),
    #[error(transparent)]
    Db(#[from] DbErr),
}

pub struct NewLegalPerson {
    pub company_name: String,
    pub company_email: String,
    pub contract_number: String,
    pub contract_date: NaiveDate,
}

/// Creates a legal person stamped `now` (every function here takes the caller's "now": the
/// state's clock in requests, the wall clock in operator commands).
pub async fn create_legal_person(
    db: &impl ConnectionTrait,
    new: NewLegalPerson,
    now: DateTime<Utc>,
) -> Result<legal_person::Model, AccountError> {
    legal_person::ActiveModel {
        company_name: Set(new.company_name),
        company_email: Set(new.company_email),
        contract_number: Set(new.contract_number.clone()),
        contract_date: Set(new.contract_date),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(|e| {
        conflict_if_unique(e, || {
            format!("contract number {} is taken", new.contract_number)
        })
    })
}

/// A unique-constraint violation becomes [`AccountError::Conflict`] with `message`.
fn conflict_if_unique(err: DbErr, message: impl FnOnce() -> String) -> AccountError {
    if is_unique_violation(&err) {
        AccountError::Conflict(message())
    } else {
        err.into()
    }
}

pub async fn find_legal_person_by_contract(
    db: &impl ConnectionTrait,
    contract_number: &str,
) -> Result<Option<legal_person::Model>, DbErr> {
    legal_person::Entity::find()
        .filter(legal_person::Column::ContractNumber.eq(contract_number))
        .first(db)
        .await
}

pub struct NewShop {
    pub legal_person_id: i64,
    /// The shop number; a random 8-digit one is chosen when `None`.
    pub number: Option<String>,
    pub name: String,
    pub name_ja: String,
    pub is_payable: bool,
    pub review_enabled: bool,
}

fn random_number() -> String {
    rand::rng()
        .random_range(10_000_000..100_000_000u32)
        .to_string()
}

/// Inserts with a generated unique value, retrying a few times on the (unlikely) collision.
async fn insert_with_generated_number<T, F, Fut>(
    given: Option<String>,
    what: &str,
    mut insert: F,
) -> Result<T, AccountError>
where
    F: FnMut(String) -> Fut,
    Fut: Future<Output = Result<T, DbErr>>,
{
    let attempts = if given.is_some() { 1 } else { 5 };
    let mut last = None;
    for _ in 0..attempts {
        let number = given.clone().unwrap_or_else(random_number);
        match insert(number.clone()).await {
            Ok(m) => return Ok(m),
            Err(e) if is_unique_violation(&e) => {
                last = Some(AccountError::Conflict(format!("{what} {number} is taken")));
            }
            Err(e) => return Err(e.into()),
        }
    }
    Err(last.unwrap_or(AccountError::Conflict(format!("{what} is taken"))))
}

pub async fn create_shop(
    db: &impl ConnectionTrait,
    new: NewShop,
    now: DateTime<Utc>,
) -> Result<shop::Model, AccountError> {
    legal_person::Entity::find_by_id(new.legal_person_id)
        .first(db)
        .await?
        .ok_or(AccountError::NotFound("legal person"))?;
    insert_with_generated_number(new.number.clone(), "shop number", |number| {
        shop::ActiveModel {
            legal_person_id: Set(new.legal_person_id),
            number: Set(number),
            name: Set(new.name.clone()),
            name_ja: Set(new.name_ja.clone()),
            is_payable: Set(new.is_payable),
            review_enabled: Set(new.review_enabled),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
    })
    .await
}

pub async fn find_shop(db: &impl ConnectionTrait, id: i64) -> Result<Option<shop::Model>, DbErr> {
    shop::Entity::find_by_id(id).first(db).await
}

pub async fn find_shop_by_number(
    db: &impl ConnectionTrait,
    number: &str,
) -> Result<Option<shop::Model>, DbErr> {
    shop::Entity::find()
        .filter(shop::Column::Number.eq(number))
        .first(db)
        .await
}

pub struct NewDevice {
    pub shop_id: i64,
    pub device_name: String,
    pub device_type: String,
    pub preferred_language: Option<Lang>,
    pub push_channel: Option<String>,
    pub push_token: Option<String>,
}

pub async fn create_device(
    db: &impl ConnectionTrait,
    new: NewDevice,
    now: DateTime<Utc>,
) -> Result<shop_device::Model, AccountError> {
    shop::Entity::find_by_id(new.shop_id)
        .first(db)
        .await?
        .ok_or(AccountError::NotFound("shop"))?;
    insert_with_generated_number(None, "device number", |number| {
        shop_device::ActiveModel {
            shop_id: Set(new.shop_id),
            device_number: Set(number),
            device_name: Set(new.device_name.clone()),
            device_type: Set(new.device_type.clone()),
            push_channel: Set(new.push_channel.clone()),
            push_token: Set(new.push_token.clone()),
            preferred_language: Set(new.preferred_language.map(|l| l.as_str().to_string())),
            disabled: Set(false),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
    })
    .await
}

pub async fn find_device_by_name(
    db: &impl ConnectionTrait,
    shop_id: i64,
    device_name: &str,
) -> Result<Option<shop_device::Model>, DbErr> {
    shop_device::Entity::find()
        .filter(shop_device::Column::ShopId.eq(shop_id))
        .filter(shop_device::Column::DeviceName.eq(device_name))
        .first(db)
        .await
}

pub async fn set_device_disabled(
    db: &impl ConnectionTrait,
    device_id: i64,
    disabled: bool,
    now: DateTime<Utc>,
) -> Result<(), AccountError> {
    let device = shop_device::Entity::find_by_id(device_id)
        .first(db)
        .await?
        .ok_or(AccountError::NotFound("shop device"))?;
    let mut active: shop_device::ActiveModel = device.into();
    active.disabled = Set(disabled);
    active.updated_at = Set(now);
    active.update(db).await?;
    Ok(())
}

/// Creates a merchant key for a shop device and returns it with its plaintext, which is shown
/// once and never stored.
pub async fn create_api_key(
    db: &impl ConnectionTrait,
    device_id: i64,
    family: MerchantFamily,
    mode: Mode,
    now: DateTime<Utc>,
) -> Result<(api_key::Model, String), AccountError> {
    shop_device::Entity::find_by_id(device_id)
        .first(db)
        .await?
        .ok_or(AccountError::NotFound("shop device"))?;
    let key = NewKey::merchant(family, mode);
    let model = api_key::ActiveModel {
        shop_device_id: Set(device_id),
        family: Set(family.as_str().to_string()),
        mode: Set(mode.as_str().to_string()),
        key_hash: Set(key.hash.to_hex()),
        key_prefix: Set(key.display_prefix),
        created_at: Set(now),
        revoked_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok((model, key.plaintext))
}

/// Revokes a merchant key; later requests with it get 401.
pub async fn revoke_api_key(
    db: &impl ConnectionTrait,
    key_id: i64,
    now: DateTime<Utc>,
) -> Result<(), AccountError> {
    let key = api_key::Entity::find_by_id(key_id)
        .first(db)
        .await?
        .ok_or(AccountError::NotFound("API key"))?;
    let mut active: api_key::ActiveModel = key.into();
    active.revoked_at = Set(Some(now));
    active.update(db).await?;
    Ok(())
}

pub async fn create_platform(
    db: &impl ConnectionTrait,
    code: &str,
    name: &str,
    now: DateTime<Utc>,
) -> Result<inbound_platform::Model, AccountError> {
    inbound_platform::ActiveModel {
        code: Set(code.to_string()),
        name: Set(name.to_string()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(|e| conflict_if_unique(e, || format!("platform {code} exists")))
}

pub async fn find_platform_by_code(
    db: &impl ConnectionTrait,
    code: &str,
) -> Result<Option<inbound_platform::Model>, DbErr> {
    inbound_platform::Entity::find()
        .filter(inbound_platform::Column::Code.eq(code))
        .first(db)
        .await
}

pub async fn create_partner_key(
    db: &impl ConnectionTrait,
    platform_id: i64,
    family: PartnerFamily,
    now: DateTime<Utc>,
) -> Result<(partner_key::Model, String), AccountError> {
    inbound_platform::Entity::find_by_id(platform_id)
        .first(db)
        .await?
        .ok_or(AccountError::NotFound("platform"))?;
    let key = NewKey::partner(family);
    let model = partner_key::ActiveModel {
        platform_id: Set(platform_id),
        family: Set(family.as_str().to_string()),
        key_hash: Set(key.hash.to_hex()),
        key_prefix: Set(key.display_prefix),
        created_at: Set(now),
        revoked_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok((model, key.plaintext))
}

/// Everything a merchant request may need about its caller, read in one query.
#[derive(Clone, Debug)]
pub struct MerchantPrincipal {
    pub key_id: i64,
    pub family: MerchantFamily,
    pub mode: Mode,
    pub device: shop_device::Model,
    pub shop: shop::Model,
    pub legal_person: legal_person::Model,
    /// The answer that is made of this principal alone (the key check, `GET
    /// /v3/api_keys/whoami`), serialized on first use: the principal is kept in the auth cache
    /// for its TTL and the answer with it, so it is never older than the principal.
    pub rendered: std::sync::OnceLock<Vec<u8>>,
}

impl MerchantPrincipal {
    /// Whether the key acts on live data.
    pub fn livemode(&self) -> bool {
        self.mode.is_live()
    }
}

struct MerchantRow {
    key: api_key::Model,
    device: shop_device::Model,
    shop: shop::Model,
    legal_person: legal_person::Model,
}

impl FromQueryResult for MerchantRow {
    fn from_query_result(res: &QueryResult, _pre: &str) -> Result<Self, DbErr> {
        Ok(MerchantRow {
            key: api_key::Model::from_query_result(res, "k_")?,
            device: shop_device::Model::from_query_result(res, "d_")?,
            shop: shop::Model::from_query_result(res, "s_")?,
            legal_person: legal_person::Model::from_query_result(res, "l_")?,
        })
    }
}

/// Selects every column of `E` as `{prefix}{column}`, for reading several models from one row.
fn select_prefixed<Q: EntityTrait, E: EntityTrait>(
    mut select: Select<Q>,
    entity: E,
    prefix: &str,
) -> Select<Q> {
    let table = entity.into_iden();
    for col in E::Column::iter() {
        select = select.column_as(
            Expr::col((table.clone(), col.into_iden())),
            format!("{prefix}{}", col.as_str()),
        );
    }
    select
}

/// Finds the live (unrevoked) merchant key `key` and its device, shop and legal person.
/// `Ok(None)` means the key is unknown or revoked.
pub async fn authenticate_merchant(
    db: &impl ConnectionTrait,
    key: &MerchantKey,
) -> Result<Option<MerchantPrincipal>, DbErr> {
    let mut select = api_key::Entity::find().select_only();
    select = select_prefixed(select, api_key::Entity, "k_");
    select = select_prefixed(select, shop_device::Entity, "d_");
    select = select_prefixed(select, shop::Entity, "s_");
    select = select_prefixed(select, legal_person::Entity, "l_");
    let select = select
        .join(
            JoinType::InnerJoin,
            api_key::Entity::belongs_to(shop_device::Entity)
                .from(api_key::Column::ShopDeviceId)
                .to(shop_device::Column::Id)
                .into(),
        )
        .join(
            JoinType::InnerJoin,
            shop_device::Entity::belongs_to(shop::Entity)
                .from(shop_device::Column::ShopId)
                .to(shop::Column::Id)
                .into(),
        )
        .join(
            JoinType::InnerJoin,
            shop::Entity::belongs_to(legal_person::Entity)
                .from(shop::Column::LegalPersonId)
                .to(legal_person::Column::Id)
                .into(),
        )
        .filter(api_key::Column::KeyHash.eq(key.hash.to_hex()))
        .filter(api_key::Column::RevokedAt.is_null())
        .build(db.get_database_backend());
    // Built by hand rather than `.one()`: see `SelectFirst` on bound LIMITs.
    let row = MerchantRow::find_by_statement(select).one(db).await?;
    let Some(row) = row else { return Ok(None) };
    // The index lookup found it; compare again in constant time and check that the stored
    // family and mode agree with the key's prefix before trusting it.
    let stored = KeyHash::from_hex(&row.key.key_hash);
    let consistent = stored.is_some_and(|h| h.ct_eq(&key.hash))
        && row.key.family == key.family.as_str()
        && row.key.mode == key.mode.as_str();
    if !consistent {
        return Ok(None);
    }
    Ok(Some(MerchantPrincipal {
        key_id: row.key.id,
        family: key.family,
        mode: key.mode,
        device: row.device,
        shop: row.shop,
        legal_person: row.legal_person,
        rendered: std::sync::OnceLock::new(),
    }))
}

/// An authenticated inbound partner.
#[derive(Clone, Debug)]
pub struct PartnerPrincipal {
    pub key_id: i64,
    pub family: PartnerFamily,
    pub platform_id: i64,
    pub platform_code: String,
}

impl PartnerPrincipal {
    /// Whether the key acts on live data (every family but `ipk_test_`).
    pub fn livemode(&self) -> bool {
        self.family != PartnerFamily::Test
    }
}

pub async fn authenticate_partner(
    db: &impl ConnectionTrait,
    key: &PartnerKey,
) -> Result<Option<PartnerPrincipal>, DbErr> {
    let found = partner_key::Entity::find()
        .filter(partner_key::Column::KeyHash.eq(key.hash.to_hex()))
        .filter(partner_key::Column::RevokedAt.is_null())
        .find_also_related(inbound_platform::Entity)
        .all(db)
        .await?
        .pop();
    let Some((stored, Some(platform))) = found else {
        return Ok(None);
    };
    let consistent = KeyHash::from_hex(&stored.key_hash).is_some_and(|h| h.ct_eq(&key.hash))
        && stored.family == key.family.as_str();
    if !consistent {
        return Ok(None);
    }
    Ok(Some(PartnerPrincipal {
        key_id: stored.id,
        family: key.family,
        platform_id: platform.id,
        platform_code: platform.code,
    }))
}
