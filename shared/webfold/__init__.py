"""Webfold: HTML, WARC and PDF to clean Markdown plus a JSON record."""

from webfold.contract import ConvertOptions
from webfold.convert import convert
from webfold.document import Block, Document, Metadata, PageInfo
from webfold.errors import ERROR_CODES, ConversionError
from webfold.settings import Settings

__all__ = [
    "Block",
    "ConversionError",
    "ConvertOptions",
    "Document",
    "ERROR_CODES",
    "Metadata",
    "PageInfo",
    "Settings",
    "convert",
]
__version__ = "0.1.0"
