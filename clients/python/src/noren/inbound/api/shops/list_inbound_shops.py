from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.inbound_error_body import InboundErrorBody
from ...models.list_inbound_shops_language_code import ListInboundShopsLanguageCode
from ...models.shop_page import ShopPage
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    platform: str,
    *,
    limit: int | Unset = UNSET,
    offset: int | Unset = 0,
    shop_ids: str | Unset = UNSET,
    shop_name_query: str | Unset = UNSET,
    show_real_time_only: bool | Unset = UNSET,
    address_state: str | Unset = UNSET,
    address_city: str | Unset = UNSET,
    address_town: str | Unset = UNSET,
    postal_code: str | Unset = UNSET,
    language_code: ListInboundShopsLanguageCode,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    params["shopIds"] = shop_ids

    params["shopNameQuery"] = shop_name_query

    params["showRealTimeOnly"] = show_real_time_only

    params["addressState"] = address_state

    params["addressCity"] = address_city

    params["addressTown"] = address_town

    params["postalCode"] = postal_code

    json_language_code = language_code.value
    params["languageCode"] = json_language_code


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/inbound-external/{platform}/shops".format(platform=quote(str(platform), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InboundErrorBody | ShopPage:
    if response.status_code == 200:
        response_200 = ShopPage.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = InboundErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = InboundErrorBody.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = InboundErrorBody.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = InboundErrorBody.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = InboundErrorBody.from_dict(response.json())



        return response_429

    response_default = InboundErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[InboundErrorBody | ShopPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    platform: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = 0,
    shop_ids: str | Unset = UNSET,
    shop_name_query: str | Unset = UNSET,
    show_real_time_only: bool | Unset = UNSET,
    address_state: str | Unset = UNSET,
    address_city: str | Unset = UNSET,
    address_town: str | Unset = UNSET,
    postal_code: str | Unset = UNSET,
    language_code: ListInboundShopsLanguageCode,

) -> Response[InboundErrorBody | ShopPage]:
    """ Search shops

     Published shops matching every filter given, ordered by id, with `count` the number of matching
    shops in all. `shopIds` answers those shops (up to 30) and ignores `limit` and `offset`. Texts come
    in `languageCode` with the fallback en → ja (`shopI18n.languageCode` says which). Image links are
    signed and expire 10 minutes after the answer.

    Args:
        platform (str):
        limit (int | Unset):
        offset (int | Unset):  Default: 0.
        shop_ids (str | Unset):
        shop_name_query (str | Unset):
        show_real_time_only (bool | Unset):
        address_state (str | Unset):
        address_city (str | Unset):
        address_town (str | Unset):
        postal_code (str | Unset):
        language_code (ListInboundShopsLanguageCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | ShopPage]
     """


    kwargs = _get_kwargs(
        platform=platform,
limit=limit,
offset=offset,
shop_ids=shop_ids,
shop_name_query=shop_name_query,
show_real_time_only=show_real_time_only,
address_state=address_state,
address_city=address_city,
address_town=address_town,
postal_code=postal_code,
language_code=language_code,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    platform: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = 0,
    shop_ids: str | Unset = UNSET,
    shop_name_query: str | Unset = UNSET,
    show_real_time_only: bool | Unset = UNSET,
    address_state: str | Unset = UNSET,
    address_city: str | Unset = UNSET,
    address_town: str | Unset = UNSET,
    postal_code: str | Unset = UNSET,
    language_code: ListInboundShopsLanguageCode,

) -> InboundErrorBody | ShopPage | None:
    """ Search shops

     Published shops matching every filter given, ordered by id, with `count` the number of matching
    shops in all. `shopIds` answers those shops (up to 30) and ignores `limit` and `offset`. Texts come
    in `languageCode` with the fallback en → ja (`shopI18n.languageCode` says which). Image links are
    signed and expire 10 minutes after the answer.

    Args:
        platform (str):
        limit (int | Unset):
        offset (int | Unset):  Default: 0.
        shop_ids (str | Unset):
        shop_name_query (str | Unset):
        show_real_time_only (bool | Unset):
        address_state (str | Unset):
        address_city (str | Unset):
        address_town (str | Unset):
        postal_code (str | Unset):
        language_code (ListInboundShopsLanguageCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | ShopPage
     """


    return sync_detailed(
        platform=platform,
client=client,
limit=limit,
offset=offset,
shop_ids=shop_ids,
shop_name_query=shop_name_query,
show_real_time_only=show_real_time_only,
address_state=address_state,
address_city=address_city,
address_town=address_town,
postal_code=postal_code,
language_code=language_code,

    ).parsed

async def asyncio_detailed(
    platform: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = 0,
    shop_ids: str | Unset = UNSET,
    shop_name_query: str | Unset = UNSET,
    show_real_time_only: bool | Unset = UNSET,
    address_state: str | Unset = UNSET,
    address_city: str | Unset = UNSET,
    address_town: str | Unset = UNSET,
    postal_code: str | Unset = UNSET,
    language_code: ListInboundShopsLanguageCode,

) -> Response[InboundErrorBody | ShopPage]:
    """ Search shops

     Published shops matching every filter given, ordered by id, with `count` the number of matching
    shops in all. `shopIds` answers those shops (up to 30) and ignores `limit` and `offset`. Texts come
    in `languageCode` with the fallback en → ja (`shopI18n.languageCode` says which). Image links are
    signed and expire 10 minutes after the answer.

    Args:
        platform (str):
        limit (int | Unset):
        offset (int | Unset):  Default: 0.
        shop_ids (str | Unset):
        shop_name_query (str | Unset):
        show_real_time_only (bool | Unset):
        address_state (str | Unset):
        address_city (str | Unset):
        address_town (str | Unset):
        postal_code (str | Unset):
        language_code (ListInboundShopsLanguageCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | ShopPage]
     """


    kwargs = _get_kwargs(
        platform=platform,
limit=limit,
offset=offset,
shop_ids=shop_ids,
shop_name_query=shop_name_query,
show_real_time_only=show_real_time_only,
address_state=address_state,
address_city=address_city,
address_town=address_town,
postal_code=postal_code,
language_code=language_code,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    platform: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = 0,
    shop_ids: str | Unset = UNSET,
    shop_name_query: str | Unset = UNSET,
    show_real_time_only: bool | Unset = UNSET,
    address_state: str | Unset = UNSET,
    address_city: str | Unset = UNSET,
    address_town: str | Unset = UNSET,
    postal_code: str | Unset = UNSET,
    language_code: ListInboundShopsLanguageCode,

) -> InboundErrorBody | ShopPage | None:
    """ Search shops

     Published shops matching every filter given, ordered by id, with `count` the number of matching
    shops in all. `shopIds` answers those shops (up to 30) and ignores `limit` and `offset`. Texts come
    in `languageCode` with the fallback en → ja (`shopI18n.languageCode` says which). Image links are
    signed and expire 10 minutes after the answer.

    Args:
        platform (str):
        limit (int | Unset):
        offset (int | Unset):  Default: 0.
        shop_ids (str | Unset):
        shop_name_query (str | Unset):
        show_real_time_only (bool | Unset):
        address_state (str | Unset):
        address_city (str | Unset):
        address_town (str | Unset):
        postal_code (str | Unset):
        language_code (ListInboundShopsLanguageCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | ShopPage
     """


    return (await asyncio_detailed(
        platform=platform,
client=client,
limit=limit,
offset=offset,
shop_ids=shop_ids,
shop_name_query=shop_name_query,
show_real_time_only=show_real_time_only,
address_state=address_state,
address_city=address_city,
address_town=address_town,
postal_code=postal_code,
language_code=language_code,

    )).parsed
