//! The TMJ form: Tiled's JSON, as its format reference describes it (format 1.10).

use serde_json::{Value, json};

use super::{FIRST_GID, Object, Property, Shape, TiledMap};

/// `map` as a TMJ document.
pub fn write_tmj(map: &TiledMap) -> String {
    let columns = tileset::sheets::GRID;
    let mut layers = vec![json!({
        "data": DATA,
        "height": map.height,
        "id": 1,
        "name": "tiles",
        "opacity": 1,
        "type": "tilelayer",
        "visible": true,
        "width": map.width,
        "x": 0,
        "y": 0,
    })];
    for (k, layer) in map.layers.iter().enumerate() {
        layers.push(json!({
            "draworder": "topdown",
            "id": k + 2,
            "name": layer.name,
            "objects": layer.objects.iter().map(object).collect::<Vec<_>>(),
            "opacity": 1,
            "type": "objectgroup",
            "visible": true,
            "x": 0,
            "y": 0,
        }));
    }
    let document = json!({
        "height": map.height,
        "infinite": false,
        "layers": layers,
        "nextlayerid": map.layers.len() + 2,
        "nextobjectid": map.next_object_id(),
        "orientation": "orthogonal",
        "renderorder": "right-down",
        "tileheight": map.tile,
        "tilesets": [{
            "columns": columns,
            "firstgid": FIRST_GID,
            "image": map.image,
            "imageheight": map.image_size.1,
            "imagewidth": map.image_size.0,
            "margin": 0,
            "name": "cp437",
            "spacing": 0,
            "tilecount": columns * columns,
            "tileheight": map.tile,
            "tilewidth": map.tile,
        }],
        "tilewidth": map.tile,
        "type": "map",
        "version": "1.10",
        "width": map.width,
    });
    let text = serde_json::to_string_pretty(&document).unwrap_or_default();
    // The tile data one row a line, as Tiled writes it, not one number a line.
    let width = map.width.max(1) as usize;
    let rows: Vec<String> = map
        .gids
        .chunks(width)
        .map(|row| row.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
        .collect();
    let data = format!("[\n{}]", rows.join(",\n"));
    let mut text = text.replacen(&format!("\"{DATA}\""), &data, 1);
    text.push('\n');
    text
}

/// Stands for the tile data in the document until the data is written in.
const DATA: &str = "@tile-data@";

fn object(o: &Object) -> Value {
    let (width, height) = match o.shape {
        Shape::Rect { width, height } => (width, height),
        _ => (0, 0),
    };
    let mut value = json!({
        "height": height,
        "id": o.id,
        "name": o.name,
        "rotation": 0,
        "type": o.class,
        "visible": true,
        "width": width,
        "x": o.x,
        "y": o.y,
    });
    match &o.shape {
        Shape::Point => value["point"] = json!(true),
        Shape::Polygon(points) => {
            value["polygon"] = points
                .iter()
                .map(|&(x, y)| json!({"x": x, "y": y}))
                .collect();
        }
        Shape::Rect { .. } => {}
    }
    if !o.properties.is_empty() {
        value["properties"] = o
            .properties
            .iter()
            .map(|(name, v)| match v {
                Property::Text(text) => json!({"name": name, "type": "string", "value": text}),
                Property::Int(n) => json!({"name": name, "type": "int", "value": n}),
            })
            .collect();
    }
    value
}
