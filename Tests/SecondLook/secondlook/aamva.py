"""A random but valid AAMVA DL/ID file (DL/ID Card Design Standard, version
10: one DL subfile, US dates MMDDCCYY) for a licence's PDF417, with the
fields docscan should return from it.

The header's directory offset and length are exact, as the element's
parser checks them; the issuer identification number (IIN) names the
state that issued the card."""
import datetime

# a few states and their AAMVA IINs (the element maps the IIN to `issuer`)
STATES = {"VA": ("636000", "VIRGINIA"), "NY": ("636001", "NEW YORK"),
          "FL": ("636010", "FLORIDA"), "CA": ("636014", "CALIFORNIA"),
          "TX": ("636015", "TEXAS"), "CO": ("636020", "COLORADO"),
          "PA": ("636025", "PENNSYLVANIA"), "AZ": ("636026", "ARIZONA"),
          "MI": ("636032", "MICHIGAN"), "IL": ("636035", "ILLINOIS"),
          "WA": ("636045", "WASHINGTON"), "GA": ("636055", "GEORGIA")}
_SYLLABLES = ["AL", "AN", "AR", "BEL", "BRO", "CAR", "DA", "DEN", "EL", "ER", "FOR", "GAR",
              "HAR", "IN", "JO", "KEL", "LA", "LIN", "MAR", "MI", "NEL", "NO", "OL", "PER",
              "RA", "RO", "SAN", "SON", "TER", "TON", "VAL", "WIL", "YA", "ZA"]
_STREETS = ["MAIN ST", "OAK AVE", "ELM ST", "PARK RD", "LAKE DR", "HILL ST", "RIVER RD"]
_EYES = ["BRO", "BLU", "GRN", "HAZ", "GRY", "BLK"]


def _name(rng, parts=(2, 4)):
    return "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(*parts)))


def _date(rng, first_year, last_year):
    start = datetime.date(first_year, 1, 1).toordinal()
    end = datetime.date(last_year, 12, 31).toordinal()
    return datetime.date.fromordinal(rng.randint(start, end))


def _us(day):
    return day.strftime("%m%d%Y")


def _number(rng):
    """Licence numbers: a letter and digits, or digits only, as states do."""
    digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(7, 9)))
    return rng.choice("ABCDFGHKLMNPRSTWXZ") + digits if rng.random() < 0.6 else digits


def random_licence(rng):
    """A holder and card: returns a dict with `state`, `state_name`, `iin`,
    `elements` (AAMVA element ID -> value, in payload order), `payload`
    (the file as text) and `expected` (the docscan-result fields the
    barcode gives: document-number, surname, given-names, date-of-birth,
    date-of-expiry, sex, nationality, issuer)."""
    state = rng.choice(sorted(STATES))
    iin, state_name = STATES[state]
    surname, first = _name(rng), _name(rng, (1, 3))
    middle = _name(rng, (1, 3)) if rng.random() < 0.6 else "NONE"
    birth = _date(rng, 1945, 2006)
    issued = _date(rng, 2019, 2025)
    expiry = issued.replace(year=issued.year + rng.choice([4, 5, 8]), day=min(issued.day, 28))
    sex = rng.choice(["1", "2"])
    number = _number(rng)
    elements = [
        ("DCA", rng.choice(["C", "D", "M"])), ("DCB", "NONE"), ("DCD", "NONE"),
        ("DBA", _us(expiry)), ("DCS", surname), ("DAC", first), ("DAD", middle),
        ("DBD", _us(issued)), ("DBB", _us(birth)), ("DBC", sex), ("DAY", rng.choice(_EYES)),
        ("DAU", "%03d IN" % rng.randint(58, 77)),
        ("DAG", "%d %s" % (rng.randint(1, 9999), rng.choice(_STREETS))),
        ("DAI", _name(rng, (2, 3))), ("DAJ", state),
        ("DAK", "%05d0000  " % rng.randint(10000, 99999)), ("DAQ", number),
        ("DCF", "".join(rng.choice("0123456789ABCDEF") for _ in range(rng.randint(10, 20)))),
        ("DCG", "USA"), ("DDE", "N"), ("DDF", "N"), ("DDG", "N"),
    ]
    given = first if middle == "NONE" else first + " " + middle
    return {
        "state": state, "state_name": state_name, "iin": iin,
        "elements": dict(elements), "payload": payload(iin, elements),
        "expected": {"document-number": number, "surname": surname, "given-names": given,
                     "date-of-birth": birth.isoformat(), "date-of-expiry": expiry.isoformat(),
                     "sex": "M" if sex == "1" else "F", "nationality": "USA", "issuer": state},
    }


def payload(iin, elements, subfile_type="DL"):
    """The AAMVA file: header, a one-entry directory, one subfile."""
    subfile = subfile_type + "\n".join(k + v for k, v in elements) + "\r"
    header_length = 21 + 10  # the header proper, then one directory entry
    return ("@\n\x1e\rANSI " + iin + "10" + "00" + "01" + subfile_type
            + "%04d%04d" % (header_length, len(subfile.encode())) + subfile)
