"""Random but ICAO 9303-structured MRZ content with correct check digits.

Every generator takes a `random.Random`, so output is a pure function of the
seed. Fields are drawn so that every character of A-Z0-9< is frequent and the
OCR-confusable pairs (0/O, 8/B, 5/S, 1/I, 2/Z, 6/G, D/0, < vs K/C/S/E) meet
each other in mixed contexts.
"""
import string

ALPHABET = string.ascii_uppercase + string.digits + "<"
LETTERS = string.ascii_uppercase
DIGITS = string.digits
# Letters that look like digits and vice versa: oversampled on purpose.
CONFUSABLE_LETTERS = "OBSIZGDQEKC"
CONFUSABLE_DIGITS = "0851268"

# line count x line length per format
FORMATS = {"TD1": (3, 30), "TD2": (2, 36), "TD3": (2, 44), "MRVA": (2, 44), "MRVB": (2, 36)}

COUNTRIES = [
    "AFG", "ALB", "DZA", "AND", "AGO", "ARG", "ARM", "AUS", "AUT", "AZE", "BHS", "BHR",
    "BGD", "BRB", "BLR", "BEL", "BLZ", "BEN", "BTN", "BOL", "BIH", "BWA", "BRA", "BRN",
    "BGR", "BFA", "BDI", "KHM", "CMR", "CAN", "CPV", "CAF", "TCD", "CHL", "CHN", "COL",
    "COG", "CRI", "CIV", "HRV", "CUB", "CYP", "CZE", "DNK", "DJI", "DOM", "ECU", "EGY",
    "SLV", "GNQ", "ERI", "EST", "ETH", "FJI", "FIN", "FRA", "GAB", "GMB", "GEO", "D<<",
    "GHA", "GRC", "GTM", "GIN", "GUY", "HTI", "HND", "HUN", "ISL", "IND", "IDN", "IRN",
    "IRQ", "IRL", "ISR", "ITA", "JAM", "JPN", "JOR", "KAZ", "KEN", "KOR", "KWT", "KGZ",
    "LAO", "LVA", "LBN", "LSO", "LBR", "LBY", "LIE", "LTU", "LUX", "MDG", "MWI", "MYS",
    "MDV", "MLI", "MLT", "MRT", "MUS", "MEX", "MDA", "MCO", "MNG", "MNE", "MAR", "MOZ",
    "MMR", "NAM", "NPL", "NLD", "NZL", "NIC", "NER", "NGA", "NOR", "OMN", "PAK", "PAN",
    "PRY", "PER", "PHL", "POL", "PRT", "QAT", "ROU", "RUS", "RWA", "SAU", "SEN", "SRB",
    "SLE", "SGP", "SVK", "SVN", "SOM", "ZAF", "ESP", "LKA", "SDN", "SUR", "SWE", "CHE",
    "SYR", "TWN", "TJK", "TZA", "THA", "TGO", "TTO", "TUN", "TUR", "TKM", "UGA", "UKR",
    "ARE", "GBR", "USA", "URY", "UZB", "VEN", "VNM", "YEM", "ZMB", "ZWE", "UNO", "XXA",
    "EUE", "GBD", "GBO", "XOM",
]

# Syllables give name-like letter strings; the random letters added to them keep
# the model from learning a closed vocabulary.
_SYLLABLES = [
    "AN", "BE", "BO", "DA", "DE", "DI", "DO", "EL", "ER", "GA", "GO", "GU", "HA", "IN",
    "IS", "KA", "KO", "LA", "LE", "LI", "LO", "MA", "ME", "MI", "MO", "NA", "NE", "NI",
    "NO", "OB", "OD", "OS", "OZ", "PA", "PE", "QU", "RA", "RE", "RI", "RO", "SA", "SE",
    "SI", "SO", "SZ", "TA", "TE", "TO", "UB", "US", "VA", "VE", "WA", "XI", "YA", "ZA",
    "ZE", "ZO", "SCH", "EKE", "CK", "KS", "EEK", "CKE", "IZ", "GI", "BI", "IG", "OG",
]


def check_digit(field):
    """ICAO 9303 check digit: weights 7,3,1; '<'=0, digits as is, A=10..Z=35."""
    total = 0
    for i, ch in enumerate(field):
        if ch.isdigit():
            value = int(ch)
        elif ch.isalpha():
            value = ord(ch) - ord("A") + 10
        else:
            value = 0
        total += value * (7, 3, 1)[i % 3]
    return str(total % 10)


def pad(text, length):
    return (text + "<" * length)[:length]


def _word(rng, min_len=2, max_len=12):
    target = rng.randint(min_len, max_len)
    out = ""
    while len(out) < target:
        r = rng.random()
        if r < 0.55:
            out += rng.choice(_SYLLABLES)
        elif r < 0.8:
            out += rng.choice(LETTERS)
        else:
            out += rng.choice(CONFUSABLE_LETTERS)
    return out[:target]


def name_field(rng, length):
    """SURNAME<<GIVEN<NAMES padded with '<'; lengths vary so every filler run
    length from 1 up to ~length occurs, and sometimes the name is truncated."""
    style = rng.random()
    if style < 0.12:
        # very short name -> long filler run
        text = _word(rng, 1, 4) + "<<" + _word(rng, 1, 4)
    elif style < 0.2:
        # surname only (no given names)
        text = _word(rng, 2, 14)
    elif style < 0.3:
        # overlong: truncated at the field end (ICAO allows it)
        parts = [_word(rng, 4, 12) for _ in range(rng.randint(3, 6))]
        text = "<".join(parts[:2]) + "<<" + "<".join(parts[2:])
    else:
        surname = "<".join(_word(rng, 2, 11) for _ in range(rng.choice([1, 1, 1, 2, 2, 3])))
        given = "<".join(_word(rng, 2, 10) for _ in range(rng.choice([1, 1, 2, 2, 3])))
        text = surname + "<<" + given
    return pad(text, length)


def doc_number(rng, length=9):
    """Document numbers mix letters and digits, often confusables side by side."""
    kind = rng.random()
    if kind < 0.3:
        core = "".join(rng.choice(DIGITS) for _ in range(rng.randint(6, length)))
    elif kind < 0.6:
        core = "".join(rng.choice(LETTERS) for _ in range(rng.randint(1, 3)))
        core += "".join(rng.choice(DIGITS) for _ in range(length))
    else:
        pool = LETTERS + DIGITS + CONFUSABLE_LETTERS + CONFUSABLE_DIGITS
        core = "".join(rng.choice(pool) for _ in range(rng.randint(5, length)))
    return pad(core[:length], length)


def date_field(rng, past=True):
    yy = rng.randint(0, 99)
    mm = rng.randint(1, 12)
    dd = rng.randint(1, 28 if mm == 2 else 30)
    if rng.random() < 0.02:
        # unknown day/month are written as '<<' (ICAO allows it)
        return "%02d<<<<" % yy
    return "%02d%02d%02d" % (yy, mm, dd)


def optional_field(rng, length):
    r = rng.random()
    if r < 0.35:
        return "<" * length
    if r < 0.6:
        n = rng.randint(1, length)
        return pad("".join(rng.choice(DIGITS + "<") for _ in range(n)), length)
    pool = ALPHABET + CONFUSABLE_LETTERS + CONFUSABLE_DIGITS
    n = rng.randint(1, length)
    return pad("".join(rng.choice(pool) for _ in range(n)), length)


def country(rng):
    if rng.random() < 0.15:
        return "".join(rng.choice(LETTERS) for _ in range(3))
    return rng.choice(COUNTRIES)


def sex(rng):
    return rng.choice("MFMF<X")


def doc_code(rng, first):
    second = rng.choice("<<<<" + LETTERS) if rng.random() < 0.7 else rng.choice(LETTERS)
    return first + second


def td3(rng, first="P"):
    l1 = doc_code(rng, first) + country(rng) + name_field(rng, 39)
    num = doc_number(rng)
    dob, exp = date_field(rng), date_field(rng, past=False)
    opt = optional_field(rng, 14)
    opt_cd = check_digit(opt) if opt.strip("<") or rng.random() < 0.5 else "<"
    head = num + check_digit(num) + country(rng) + dob + check_digit(dob) + sex(rng)
    head += exp + check_digit(exp) + opt + opt_cd
    composite = check_digit(head[0:10] + head[13:20] + head[21:43])
    return [l1, head + composite]


def td2(rng, first=None):
    first = first or rng.choice("ICA")
    l1 = doc_code(rng, first) + country(rng) + name_field(rng, 31)
    num = doc_number(rng)
    dob, exp = date_field(rng), date_field(rng, past=False)
    opt = optional_field(rng, 7)
    head = num + check_digit(num) + country(rng) + dob + check_digit(dob) + sex(rng)
    head += exp + check_digit(exp) + opt
    composite = check_digit(head[0:10] + head[13:20] + head[21:35])
    return [l1, head + composite]


def td1(rng):
    num = doc_number(rng)
    opt1 = optional_field(rng, 15)
    l1 = doc_code(rng, rng.choice("ICA")) + country(rng) + num + check_digit(num) + opt1
    dob, exp = date_field(rng), date_field(rng, past=False)
    opt2 = optional_field(rng, 11)
    l2 = dob + check_digit(dob) + sex(rng) + exp + check_digit(exp) + country(rng) + opt2
    l2 += check_digit(l1[5:30] + l2[0:7] + l2[8:15] + l2[18:29])
    return [l1, l2, name_field(rng, 30)]


def mrv(rng, length):
    l1 = doc_code(rng, "V") + country(rng) + name_field(rng, length - 5)
    num = doc_number(rng)
    dob, exp = date_field(rng), date_field(rng, past=False)
    l2 = num + check_digit(num) + country(rng) + dob + check_digit(dob) + sex(rng)
    l2 += exp + check_digit(exp)
    return [l1, l2 + optional_field(rng, length - len(l2))]


def random_mrz(rng, fmt=None):
    """Returns (format, lines). Formats are weighted towards passports and cards."""
    fmt = fmt or rng.choices(list(FORMATS), weights=[3, 2, 4, 1.5, 1])[0]
    if fmt == "TD1":
        lines = td1(rng)
    elif fmt == "TD2":
        lines = td2(rng)
    elif fmt == "TD3":
        lines = td3(rng)
    elif fmt == "MRVA":
        lines = mrv(rng, 44)
    else:
        lines = mrv(rng, 36)
    n, length = FORMATS[fmt]
    assert len(lines) == n and all(len(l) == length for l in lines), (fmt, lines)
    return fmt, lines


def scramble(rng, line, pool=ALPHABET + CONFUSABLE_LETTERS + CONFUSABLE_DIGITS, runs=(1, 4),
             length=(2, 10)):
    """A line of the same length with random runs drawn from `pool` swapped
    in: breaks the field structure now and then so the model reads glyphs,
    not positions."""
    chars = list(line)
    for _ in range(rng.randint(*runs)):
        start = rng.randrange(len(chars))
        for i in range(start, min(len(chars), start + rng.randint(*length))):
            chars[i] = rng.choice(pool)
    return "".join(chars)
