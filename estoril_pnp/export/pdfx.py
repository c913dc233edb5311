"""A CMYK shop PDF made PDF/X-4 after ReportLab wrote it (pikepdf): what ReportLab left in RGB
(pictures, flags) separated first (export/pdfcmyk.py), then the output intent with the printer's
ICC profile and the version keys in the document info and its XMP. Same input, same bytes.

Why X-4 and not the X-1a:2003 a shop may name: X-1a allows no transparency, and a pack's pictures
keep theirs (PNG alpha, as soft masks). X-4 allows it. Every page and form still names an sRGB ICC
profile as its DefaultRGB (ISO 15930-7): a safeguard, as nothing is left RGB to use it.
"""

from __future__ import annotations

import struct
import warnings
from functools import cache
from pathlib import Path

import pikepdf
from PIL import ImageCms

from .cmyk import Separation
from .pdfcmyk import resource_owners, separate_pdf

VERSION = "PDF/X-4"
PDF_VERSION = "1.6"  # PDF/X-4 is built on PDF 1.6
# the ICC header's creation date (bytes 24–35): a fixed one, as ReportLab's invariant dates are
FIXED_DATE = struct.pack(">6H", 2000, 1, 1, 0, 0, 0)


@cache
def _srgb() -> bytes:
    """LittleCMS's sRGB profile, its creation date fixed so the PDF's bytes do not follow the clock."""
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    return profile[:24] + FIXED_DATE + profile[36:]


def make_pdfx(path: Path, separation: Separation) -> None:
    """Rewrites the PDF at `path` (ReportLab's, CMYK pieces) as PDF/X-4 with the separation's profile."""
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        separate_pdf(pdf, separation)
        profile = pikepdf.Stream(pdf, separation.path.read_bytes())
        profile.N = 4
        condition = separation.description
        pdf.Root.OutputIntents = pikepdf.Array(
            [
                pikepdf.Dictionary(
                    Type=pikepdf.Name.OutputIntent,
                    S=pikepdf.Name.GTS_PDFX,
                    OutputConditionIdentifier="Custom",  # no registered condition: the profile is embedded
                    OutputCondition=condition,
                    Info=condition,
                    RegistryName="http://www.color.org",
                    DestOutputProfile=profile,
                )
            ]
        )
        srgb = pikepdf.Stream(pdf, _srgb())
        srgb.N = 3
        default_rgb = pikepdf.Array([pikepdf.Name.ICCBased, srgb])
        for owner in resource_owners(pdf):
            resources = owner.get("/Resources")
            if resources is None:
                owner.Resources = resources = pikepdf.Dictionary()
            spaces = resources.get("/ColorSpace")
            if spaces is None:
                resources.ColorSpace = spaces = pikepdf.Dictionary()
            spaces.DefaultRGB = default_rgb
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            with warnings.catch_warnings():  # ReportLab's /Trapped has no XMP twin in pikepdf: set below
                warnings.simplefilter("ignore", UserWarning)
                meta.load_from_docinfo(pdf.docinfo)  # title, creator, producer, ReportLab's fixed dates
            meta["pdfxid:GTS_PDFXVersion"] = VERSION
            meta["pdf:Trapped"] = "False"
        pdf.docinfo[pikepdf.Name.GTS_PDFXVersion] = VERSION
        pdf.docinfo[pikepdf.Name.Trapped] = pikepdf.Name("/False")  # nothing trapped: the shop's RIP may trap
        pdf.save(path, min_version=PDF_VERSION, deterministic_id=True)
