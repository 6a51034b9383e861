/// The page's inline stylesheet and its one optional script.
///
/// Colours: body text #1a1a1a and muted text #4d4d4d on white (16:1 and 8.5:1), links
/// #0b57d0 (6.2:1), heatmap text black or white by ``Palette/foreground(on:)`` (4.58:1 or
/// better): WCAG AA throughout. The print stylesheet fits A4 and keeps charts whole.
enum PageStyle {
    static let css = """
        :root{color-scheme:light;--ink:#1a1a1a;--muted:#4d4d4d;--line:#c8c8c8;--bar:#2c6fad;--avg:#9a4a00}
        *{box-sizing:border-box}
        body{margin:0 auto;max-width:1100px;padding:0 12px 24px;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fff;overflow-wrap:anywhere}
        h1{font-size:1.6rem;margin:16px 0 4px}h2{font-size:1.3rem;margin:28px 0 8px;border-bottom:2px solid var(--line)}
        h3{font-size:1.15rem;margin:20px 0 4px}h4{font-size:1rem;margin:14px 0 4px}
        .meta,.hint,.legend,.summary,footer{color:var(--muted)}
        a{color:#0b57d0}nav a{margin-right:12px}
        .path{font-weight:normal;color:var(--muted);font-size:.85em;margin-left:6px}
        .scroll{overflow-x:auto;max-width:100%}
        table{border-collapse:collapse;margin:6px 0 12px;font-size:.9rem}
        caption{text-align:left;font-weight:600;padding:4px 0}
        th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
        td.num{text-align:right;font-variant-numeric:tabular-nums}
        thead th{background:#f2f2f2}
        .heatmap td.cell{text-align:center;min-width:64px;font-variant-numeric:tabular-nums;white-space:nowrap}
        .heatmap th[scope=col] .assignment-title,.heatmap th[scope=col] .path{display:block;margin:0}
        .heatmap td.notStarted{background-image:repeating-linear-gradient(45deg,transparent 0 6px,rgba(0,0,0,.09) 6px 8px)!important}
        .heatmap td.late{outline:3px dashed #000;outline-offset:-4px}
        .heatmap td.unassigned{color:var(--muted);background:#fff}
        .heatmap .marks{font-weight:700;margin-left:4px}
        .heatmap td.by-progress{font-style:italic}
        .heatmap .details{display:block;font-size:.8em}.verdict{font-weight:700;text-transform:uppercase}.unfinished{font-style:italic}
        .heatmap td.average{text-align:center;font-weight:600}.heatmap td.average .marks{display:block;font-weight:normal;color:var(--muted)}
        th.sort{cursor:pointer}th.sort:focus{outline:2px solid #0b57d0}
        .mark{font-weight:700;padding:0 2px}
        .figures{display:flex;flex-wrap:wrap;gap:12px}
        figure{margin:0;flex:1 1 280px;max-width:520px;min-width:0}
        figcaption{font-weight:600;font-size:.9rem}
        svg.chart{width:100%;height:auto;display:block;font-size:9px;fill:var(--ink)}
        svg .bar{fill:var(--bar)}svg .axis{stroke:#666;stroke-width:1}
        svg .average{stroke:var(--avg);stroke-width:2;stroke-dasharray:4 3}svg .average-label{fill:var(--avg);font-weight:700}
        svg .dot{fill:var(--bar);stroke:#fff;stroke-width:1}svg .line{fill:none;stroke:var(--bar);stroke-width:2}
        .empty{color:var(--muted);font-style:italic}
        details.student{border:1px solid var(--line);border-radius:6px;margin:6px 0;padding:4px 10px}
        details.student summary{cursor:pointer;padding:4px 0}.who{font-weight:600}
        footer{margin-top:32px;font-size:.85rem}
        @media print{
          @page{size:A4;margin:12mm}
          body{max-width:none;padding:0;font-size:10pt}
          nav,.hint{display:none}
          .scroll{overflow:visible}
          figure,table,tr,.activity,details.student{break-inside:avoid}
          details.student::details-content{content-visibility:visible;display:contents}
          .heatmap td.cell{-webkit-print-color-adjust:exact;print-color-adjust:exact}
          a{color:var(--ink);text-decoration:none}
        }
        """

    /// Sorting the heatmap by a column (click or Enter on its heading), and opening every
    /// student before printing. The page reads fully without it.
    static let script = """
        (function(){
          var table=document.getElementById('heatmap');
          if(table){
            var heads=table.tHead.rows[0].cells;
            for(var i=0;i<heads.length;i++){(function(index,head){
              head.tabIndex=0;head.setAttribute('aria-sort','none');
              function sort(){
                var body=table.tBodies[0],rows=Array.prototype.slice.call(body.rows);
                var down=head.getAttribute('aria-sort')==='descending';
                var numeric=head.getAttribute('data-sort')==='number';
                rows.sort(function(a,b){
                  var x=a.cells[index],y=b.cells[index];
                  var r=numeric?parseFloat(x.getAttribute('data-value'))-parseFloat(y.getAttribute('data-value'))
                                :x.textContent.localeCompare(y.textContent);
                  return down?r:-r;
                });
                for(var j=0;j<heads.length;j++)heads[j].setAttribute('aria-sort','none');
                head.setAttribute('aria-sort',down?'ascending':'descending');
                rows.forEach(function(row){body.appendChild(row);});
              }
              head.addEventListener('click',sort);
              head.addEventListener('keydown',function(e){if(e.key==='Enter'||e.key===' '){e.preventDefault();sort();}});
            })(i,heads[i]);}
          }
          window.addEventListener('beforeprint',function(){
            var all=document.querySelectorAll('details');for(var k=0;k<all.length;k++)all[k].open=true;
          });
        })();
        """
}
