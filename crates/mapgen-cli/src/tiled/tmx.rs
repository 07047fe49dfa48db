//! The TMX form: Tiled's XML, as its format reference describes it (format 1.10:
//! objects' class in `type`, custom properties typed, tile data in CSV).

use std::fmt::Write;

use super::{FIRST_GID, Object, Property, Shape, TiledMap};

/// `map` as a TMX document.
pub fn write_tmx(map: &TiledMap) -> String {
    let mut out = String::with_capacity(map.gids.len() * 4 + 4096);
    let columns = tileset::sheets::GRID;
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<map version="1.10" orientation="orthogonal" renderorder="right-down" width="{}" height="{}" tilewidth="{t}" tileheight="{t}" infinite="0" nextlayerid="{}" nextobjectid="{}">"#,
        map.width,
        map.height,
        map.layers.len() + 2,
        map.next_object_id(),
        t = map.tile,
    );
    let _ = writeln!(
        out,
        r#" <tileset firstgid="{FIRST_GID}" name="cp437" tilewidth="{t}" tileheight="{t}" tilecount="{}" columns="{columns}">"#,
        columns * columns,
        t = map.tile,
    );
    let _ = writeln!(
        out,
        r#"  <image source="{}" width="{}" height="{}"/>"#,
        escape(&map.image),
        map.image_size.0,
        map.image_size.1
    );
    let _ = writeln!(out, " </tileset>");
    let _ = writeln!(
        out,
        r#" <layer id="1" name="tiles" width="{}" height="{}">"#,
        map.width, map.height
    );
    let _ = writeln!(out, r#"  <data encoding="csv">"#);
    let width = map.width.max(1) as usize;
    let rows = map.gids.chunks(width).count();
    for (y, row) in map.gids.chunks(width).enumerate() {
        for (x, gid) in row.iter().enumerate() {
            let _ = write!(out, "{gid}");
            if x + 1 < row.len() || y + 1 < rows {
                out.push(',');
            }
        }
        out.push('\n');
    }
    let _ = writeln!(out, "</data>");
    let _ = writeln!(out, " </layer>");
    for (k, layer) in map.layers.iter().enumerate() {
        let _ = writeln!(
            out,
            r#" <objectgroup id="{}" name="{}">"#,
            k + 2,
            layer.name
        );
        for object in &layer.objects {
            write_object(&mut out, object);
        }
        let _ = writeln!(out, " </objectgroup>");
    }
    out.push_str("</map>\n");
    out
}

fn write_object(out: &mut String, o: &Object) {
    let _ = write!(
        out,
        r#"  <object id="{}" name="{}" type="{}" x="{}" y="{}""#,
        o.id,
        escape(&o.name),
        escape(&o.class),
        o.x,
        o.y
    );
    if let Shape::Rect { width, height } = o.shape {
        let _ = write!(out, r#" width="{width}" height="{height}""#);
    }
    out.push_str(">\n");
    if !o.properties.is_empty() {
        out.push_str("   <properties>\n");
        for (name, value) in &o.properties {
            match value {
                Property::Text(text) => {
                    let _ = writeln!(
                        out,
                        r#"    <property name="{name}" value="{}"/>"#,
                        escape(text)
                    );
                }
                Property::Int(v) => {
                    let _ = writeln!(
                        out,
                        r#"    <property name="{name}" type="int" value="{v}"/>"#
                    );
                }
            }
        }
        out.push_str("   </properties>\n");
    }
    match &o.shape {
        Shape::Point => out.push_str("   <point/>\n"),
        Shape::Polygon(points) => {
            let list: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
            let _ = writeln!(out, r#"   <polygon points="{}"/>"#, list.join(" "));
        }
        Shape::Rect { .. } => {}
    }
    out.push_str("  </object>\n");
}

/// `text` as an XML attribute value.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "&#{};", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}
