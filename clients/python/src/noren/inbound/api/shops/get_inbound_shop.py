from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.get_inbound_shop_language_code import GetInboundShopLanguageCode
from ...models.inbound_error_body import InboundErrorBody
from ...models.inbound_shop import InboundShop
from typing import cast



def _get_kwargs(
    platform: str,
    shop_id: int,
    *,
    language_code: GetInboundShopLanguageCode,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_language_code = language_code.value
    params["languageCode"] = json_language_code


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/inbound-external/{platform}/shops/{shop_id}".format(platform=quote(str(platform), safe=""),shop_id=quote(str(shop_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InboundErrorBody | InboundShop:
    if response.status_code == 200:
        response_200 = InboundShop.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[InboundErrorBody | InboundShop]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    platform: str,
    shop_id: int,
    *,
    client: AuthenticatedClient,
    language_code: GetInboundShopLanguageCode,

) -> Response[InboundErrorBody | InboundShop]:
    """ Retrieve a shop

     Every field of a published shop: settings, business hours per weekday (JST) with the computed
    `lastOrderTime`, tags, texts in `languageCode` (fallback en → ja), signed image links (valid 10
    minutes), coordinates.

    Args:
        platform (str):
        shop_id (int):
        language_code (GetInboundShopLanguageCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | InboundShop]
     """


    kwargs = _get_kwargs(
        platform=platform,
shop_id=shop_id,
language_code=language_code,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    platform: str,
    shop_id: int,
    *,
    client: AuthenticatedClient,
    language_code: GetInboundShopLanguageCode,

) -> InboundErrorBody | InboundShop | None:
    """ Retrieve a shop

     Every field of a published shop: settings, business hours per weekday (JST) with the computed
    `lastOrderTime`, tags, texts in `languageCode` (fallback en → ja), signed image links (valid 10
    minutes), coordinates.

    Args:
        platform (str):
        shop_id (int):
        language_code (GetInboundShopLanguageCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | InboundShop
     """


    return sync_detailed(
        platform=platform,
shop_id=shop_id,
client=client,
language_code=language_code,

    ).parsed

async def asyncio_detailed(
    platform: str,
    shop_id: int,
    *,
    client: AuthenticatedClient,
    language_code: GetInboundShopLanguageCode,

) -> Response[InboundErrorBody | InboundShop]:
    """ Retrieve a shop

     Every field of a published shop: settings, business hours per weekday (JST) with the computed
    `lastOrderTime`, tags, texts in `languageCode` (fallback en → ja), signed image links (valid 10
    minutes), coordinates.

    Args:
        platform (str):
        shop_id (int):
        language_code (GetInboundShopLanguageCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | InboundShop]
     """


    kwargs = _get_kwargs(
        platform=platform,
shop_id=shop_id,
language_code=language_code,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    platform: str,
    shop_id: int,
    *,
    client: AuthenticatedClient,
    language_code: GetInboundShopLanguageCode,

) -> InboundErrorBody | InboundShop | None:
    """ Retrieve a shop

     Every field of a published shop: settings, business hours per weekday (JST) with the computed
    `lastOrderTime`, tags, texts in `languageCode` (fallback en → ja), signed image links (valid 10
    minutes), coordinates.

    Args:
        platform (str):
        shop_id (int):
        language_code (GetInboundShopLanguageCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | InboundShop
     """


    return (await asyncio_detailed(
        platform=platform,
shop_id=shop_id,
client=client,
language_code=language_code,

    )).parsed
