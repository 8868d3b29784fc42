//! `majiang.Decomposition` and `majiang.Block`: one reading of a complete hand as small
//! frozen values (what `decompositions` returns), with `to_dict()` giving the JSON form.

use super::convert::{kind_name, kind_pystr};
use super::errors::guard;
use crate::algo::{Block as CoreBlock, Decomposition as CoreDecomposition, TileUse};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use std::hash::{Hash, Hasher};

/// One block of a decomposition: what it is and its tiles, each as read (what a wild tile
/// stands for) and as the physical tile.
///
/// Example:
///     >>> d = majiang.decompositions("12m4p456p789s11122z", jing=("3p", "4p"))[0]
///     >>> b = d.blocks[2]   # a 4p jing stands for the 3m
///     >>> b.kind, b.kinds, b.tiles, b.sources, b.wild
///     ('sequence', (0, 1, 2), ('1m', '2m', '3m'), ('1m', '2m', '4p'), (False, False, True))
///     >>> b.stands_for
///     (('4p', '3m'),)
///     >>> b
///     Block('sequence', ('1m', '2m', '3m'), stands_for=(('4p', '3m'),))
#[pyclass(module = "majiang", name = "Block", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Block {
    inner: CoreBlock,
}

impl Block {
    fn names<'py>(&self, py: Python<'py>, f: fn(&TileUse) -> u8) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            self.inner
                .tiles
                .iter()
                .map(|t| kind_pystr(py, f(t) as usize)),
        )
    }

    fn dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let names = |f: fn(&TileUse) -> u8| {
            PyList::new(
                py,
                self.inner
                    .tiles
                    .iter()
                    .map(|t| kind_pystr(py, f(t) as usize)),
            )
        };
        d.set_item(intern!(py, "kind"), self.inner.kind.name())?;
        d.set_item(intern!(py, "tiles"), names(|t| t.kind)?)?;
        d.set_item(intern!(py, "sources"), names(|t| t.tile)?)?;
        let wild = self.inner.tiles.iter().map(|t| t.wild);
        d.set_item(intern!(py, "wild"), PyList::new(py, wild)?)?;
        Ok(d)
    }
}

#[pymethods]
impl Block {
    /// "pair", "triplet", "sequence", "honor_sequence" or "single".
    #[getter]
    fn kind(&self) -> &'static str {
        self.inner.kind.name()
    }

    /// The tiles as read, as kind indices (0-33), in reading order.
    #[getter]
    fn kinds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guard(|| PyTuple::new(py, self.inner.tiles.iter().map(|t| t.kind)))
    }

    /// The tiles as read, as MPSZ names.
    #[getter]
    fn tiles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guard(|| self.names(py, |t| t.kind))
    }

    /// The physical tiles, as kind indices (a wild tile's own kind).
    #[getter]
    fn source_kinds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guard(|| PyTuple::new(py, self.inner.tiles.iter().map(|t| t.tile)))
    }

    /// The physical tiles, as MPSZ names.
    #[getter]
    fn sources<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guard(|| self.names(py, |t| t.tile))
    }

    /// Which tiles are wild.
    #[getter]
    fn wild<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guard(|| PyTuple::new(py, self.inner.tiles.iter().map(|t| t.wild)))
    }

    /// For each wild tile, (the physical tile, the tile it stands for), as MPSZ names.
    #[getter]
    fn stands_for<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guard(|| {
            let pairs = self.inner.tiles.iter().filter(|t| t.wild).map(|t| {
                (
                    kind_pystr(py, t.tile as usize),
                    kind_pystr(py, t.kind as usize),
                )
            });
            PyTuple::new(py, pairs.collect::<Vec<_>>())
        })
    }

    /// The JSON form: ``{"kind", "tiles", "sources", "wild"}``, tiles as MPSZ names.
    ///
    /// Example:
    ///     >>> majiang.decompositions("123m456p789s11122z")[0].blocks[0].to_dict()
    ///     {'kind': 'pair', 'tiles': ['2z', '2z'], 'sources': ['2z', '2z'], 'wild': [False, False]}
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guard(|| self.dict(py))
    }

    fn __len__(&self) -> usize {
        self.inner.tiles.len()
    }

    fn __repr__(&self) -> PyResult<String> {
        guard(|| Ok(self.repr()))
    }
}

impl Block {
    fn repr(&self) -> String {
        let tuple = |items: Vec<String>| match items.len() {
            1 => format!("({},)", items[0]),
            _ => format!("({})", items.join(", ")),
        };
        let name = |k: u8| format!("'{}'", kind_name(k as usize));
        let tiles = tuple(self.inner.tiles.iter().map(|t| name(t.kind)).collect());
        let wild: Vec<String> = self
            .inner
            .tiles
            .iter()
            .filter(|t| t.wild)
            .map(|t| format!("({}, {})", name(t.tile), name(t.kind)))
            .collect();
        if wild.is_empty() {
            format!("Block('{}', {tiles})", self.inner.kind.name())
        } else {
            format!(
                "Block('{}', {tiles}, stands_for={})",
                self.inner.kind.name(),
                tuple(wild)
            )
        }
    }
}

/// One way a complete hand completes: its shape, its blocks (sorted), and whether every
/// wild tile stands for itself (Nanchang 德国 / 精还原). Frozen, comparable and hashable;
/// `to_dict()` is the JSON form the CLI prints.
///
/// Example:
///     >>> ds = majiang.decompositions("111222333m456p77z", rules="standard")
///     >>> [d.shape for d in ds], [len(d.blocks) for d in ds]
///     (['regular', 'regular'], [5, 5])
///     >>> [b.kind for b in ds[0].blocks]
///     ['pair', 'triplet', 'triplet', 'triplet', 'sequence']
///     >>> ds[0].blocks[1]
///     Block('triplet', ('1m', '1m', '1m'))
#[pyclass(module = "majiang", name = "Decomposition", frozen, eq, hash)]
pub struct Decomposition {
    inner: CoreDecomposition,
    blocks: Py<PyTuple>,
}

impl PartialEq for Decomposition {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

impl Hash for Decomposition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.inner.hash(state);
    }
}

impl Decomposition {
    /// The Python value of a core decomposition (its blocks built once).
    pub fn new(py: Python<'_>, inner: CoreDecomposition) -> PyResult<Decomposition> {
        let blocks = inner.blocks.iter().map(|b| Block { inner: b.clone() });
        let blocks = PyTuple::new(
            py,
            blocks
                .map(|b| Bound::new(py, b))
                .collect::<PyResult<Vec<_>>>()?,
        )?;
        Ok(Decomposition {
            inner,
            blocks: blocks.unbind(),
        })
    }
}

#[pymethods]
impl Decomposition {
    /// "regular", "seven_pairs", "thirteen_orphans", "thirteen_rotten", "knitted",
    /// "all_258" or "knitted_straight".
    #[getter]
    fn shape(&self) -> &'static str {
        self.inner.shape.name()
    }

    /// The blocks (:class:`Block`), sorted: pairs, then triplets, sequences, honor
    /// sequences and singles, each by its tiles.
    #[getter]
    fn blocks(&self, py: Python<'_>) -> Py<PyTuple> {
        self.blocks.clone_ref(py)
    }

    /// Whether no wild tile stands for another kind (Nanchang 德国 / 精还原).
    #[getter]
    fn wilds_as_themselves(&self) -> bool {
        self.inner.wilds_as_themselves()
    }

    /// The JSON form: ``{"shape", "wilds_as_themselves", "blocks": [Block.to_dict(), ...]}``.
    ///
    /// Example:
    ///     >>> d = majiang.decompositions("123m456p789s11122z")[0].to_dict()
    ///     >>> d["shape"], d["wilds_as_themselves"], d["blocks"][1]["tiles"]
    ///     ('regular', True, ['1z', '1z', '1z'])
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guard(|| self.dict(py))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        guard(|| self.repr(py))
    }
}

impl Decomposition {
    fn dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        out.set_item(intern!(py, "shape"), self.inner.shape.name())?;
        out.set_item(
            intern!(py, "wilds_as_themselves"),
            self.inner.wilds_as_themselves(),
        )?;
        let blocks = PyList::empty(py);
        for b in &self.inner.blocks {
            blocks.append(Block { inner: b.clone() }.dict(py)?)?;
        }
        out.set_item(intern!(py, "blocks"), blocks)?;
        Ok(out)
    }

    fn repr(&self, py: Python<'_>) -> PyResult<String> {
        let blocks = self.blocks.bind(py);
        let parts = blocks
            .iter()
            .map(|b| Ok(b.repr()?.to_string()))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(format!(
            "Decomposition('{}', ({}{}))",
            self.inner.shape.name(),
            parts.join(", "),
            if parts.len() == 1 { "," } else { "" }
        ))
    }
}
